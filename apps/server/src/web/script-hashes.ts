import { createHash } from "node:crypto";

/**
 * The CSP hash sources (`'sha256-…'`) of every inline <script> of a finished HTML document: React
 * Router's context and streamed data, React's own inline helpers, the banner boot script, JSON-LD,
 * and the inert copy of the module script that the deferred loader turns into a module script
 * (apps/web/app/lib/defer-scripts.server.ts). Computed once per rendered page; the cached page
 * and its CSP are then the same bytes for every response.
 *
 * A script element's text is the raw text between its tags (no character references are decoded
 * in script data), which is what the browser hashes: here, the very UTF-8 bytes sent. The document
 * is searched as bytes (the markup is ASCII), never decoded: a string of a whole page would be
 * allocated straight into V8's old generation on every render. Scripts with a `src` are allowed by
 * origin. React writes its tags in lower case; a `<SCRIPT>` written any other way gets no hash, and
 * the browser blocks it.
 */
const OPEN = "<script";
const CLOSE = "</script";
const HAS_SRC = /\ssrc\s*=/i;

export function inlineScriptHashes(document: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = document.indexOf(OPEN); at >= 0; at = document.indexOf(OPEN, at + OPEN.length)) {
    // "<script" followed by a space, "/" or ">" opens a script element ("<scripts>" does not).
    if (!endsTagName(document[at + OPEN.length])) continue;
    const tagEnd = document.indexOf(">", at + OPEN.length);
    if (tagEnd < 0) break;
    const textEnd = scriptEnd(document, tagEnd + 1);
    if (textEnd < 0) break;
    const attributes = document.toString("latin1", at + OPEN.length, tagEnd);
    if (!HAS_SRC.test(` ${attributes}`)) hashes.add(sha256Source(document.subarray(tagEnd + 1, textEnd)));
    at = textEnd;
  }
  return [...hashes];
}

function sha256Source(text: Buffer): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/** Where a script's text ends: the next "</script" (in any case, as a browser reads it) that ends its tag name. */
function scriptEnd(document: Buffer, from: number): number {
  for (let at = document.indexOf("</", from); at >= 0; at = document.indexOf("</", at + 2)) {
    if (document.toString("latin1", at, at + CLOSE.length).toLowerCase() === CLOSE && endsTagName(document[at + CLOSE.length])) return at;
  }
  return -1;
}

/** Whitespace, "/" or ">" (or the end of the document): what may follow a tag name. */
function endsTagName(byte: number | undefined): boolean {
  return byte === undefined || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x2f || byte === 0x3e;
}
