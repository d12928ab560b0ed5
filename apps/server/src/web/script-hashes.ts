import { createHash } from "node:crypto";

/**
 * The CSP hash sources (`'sha256-…'`) of every inline <script> of a finished HTML document: React
 * Router's context and streamed data, React's own inline helpers, the banner boot script, JSON-LD,
 * and the inert copy of the module script that the deferred loader turns into a module script
 * (apps/web/app/lib/defer-scripts.server.ts). Computed once per rendered page; the cached page
 * and its CSP are then the same bytes for every response.
 *
 * A script element's text is the raw text between its tags (no character references are decoded
 * in script data), which is what the browser hashes. Scripts with a `src` are allowed by origin.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const [, attributes = "", text = ""] = match;
    if (HAS_SRC.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
