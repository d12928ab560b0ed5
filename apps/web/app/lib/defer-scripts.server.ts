/**
 * The first paint of a server-rendered page needs its HTML and its stylesheet, nothing else.
 * React Router's <Scripts /> asks for every module of the page up front: one module preload per
 * chunk in <head> and an inline module script that imports them. On a phone the CSS then shares
 * the connection with dozens of scripts, and the browser may run the modules before it paints.
 *
 * This rewrite keeps the same modules and the same order, but asks for them only after the first
 * paint: the preload links are removed from the document, the module script becomes an inert data
 * block (`type="text/plain"`, same text), and a small classic script adds the preloads and a module
 * script with that text once the browser has produced a frame. Hydration then runs as before.
 * Client-side navigation is untouched.
 *
 * The page's CSP lists the SHA-256 of every inline script in the document (the server computes them
 * when it renders), and the data block's text is the module script's text, so the module script the
 * loader adds carries a listed hash: no nonce is needed, and every response of a page is the same bytes.
 */

const PRELOAD_START = '<link rel="modulepreload" href="';
const MODULE_SCRIPT = '<script type="module" async="">';
const SCRIPT_END = "</script>";
/** The inert copy of React Router's module script that the loader turns into a module script. */
export const DEFERRED_MODULE_ID = "rr-deferred-module";

/** A JavaScript string literal that is safe inside an HTML <script> element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const LOADER_START = "(function(){var h=";

/** The module URLs a rewritten page loads after its first paint (for the JavaScript budget). */
export function deferredScriptUrls(html: string): string[] {
  const at = html.indexOf(LOADER_START);
  if (at < 0) return [];
  const list = /^\[[^\]]*\]/.exec(html.slice(at + LOADER_START.length))?.[0];
  return list ? (JSON.parse(list) as string[]) : [];
}

/**
 * Preloads added per task. Adding a module preload costs the browser's main thread ~0.7 ms on a
 * desktop and ~3 ms at Lighthouse's 4× slowdown (measured in Chromium), and a page names 35–65 of
 * them: added in one go, that was a single 100–200 ms task, blocking input right after the first
 * paint. Eight at a time keeps each task near 25 ms at 4×, under the 50 ms of a long task.
 */
export const PRELOADS_PER_TASK = 8;

/**
 * Adds the preloads, a few per task, then the module script, after the first frame; a timer
 * covers tabs opened in the background, where animation frames wait until the tab is shown.
 */
function loader(hrefs: string[]): string {
  return (
    `${LOADER_START}${scriptLiteral(hrefs)},d=0,i=0;` +
    `function add(){for(var n=0;n<${PRELOADS_PER_TASK}&&i<h.length;n++,i++){var l=document.createElement("link");l.rel="modulepreload";l.href=h[i];document.head.appendChild(l)}` +
    `if(i<h.length)return setTimeout(add,0);` +
    `var s=document.createElement("script");s.type="module";s.textContent=document.getElementById("${DEFERRED_MODULE_ID}").textContent;document.body.appendChild(s)}` +
    `function go(){if(d)return;d=1;add()}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})()`
  );
}

/**
 * Rewrites a rendered document that holds React Router's module script; returns it unchanged when
 * there is none (or it is not complete). Works on the bytes: the markup it looks for and writes is
 * ASCII, and the rest of the page (about 150 KB, its text in UTF-8) is copied through untouched,
 * never decoded into a string. A string that size would be allocated straight into the old
 * generation on every render (V8's large-object space), and full collections would follow.
 */
export function deferModuleScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const start = html.indexOf(MODULE_SCRIPT);
  const end = start < 0 ? -1 : html.indexOf(SCRIPT_END, start + MODULE_SCRIPT.length);
  if (end < 0) return html;
  const hrefs: string[] = [];
  const parts: Uint8Array[] = [];
  let copied = 0;
  for (let at = html.indexOf(PRELOAD_START); at >= 0 && at < start; at = html.indexOf(PRELOAD_START, copied)) {
    const hrefStart = at + PRELOAD_START.length;
    const hrefEnd = html.indexOf('"', hrefStart);
    const close = html.indexOf(">", hrefEnd);
    // Not a whole self-closed tag before the module script: leave it where it is.
    if (hrefEnd < 0 || close < 0 || close >= start || html[close - 1] !== 0x2f /* "/" */) {
      parts.push(html.subarray(copied, hrefStart));
      copied = hrefStart;
      continue;
    }
    hrefs.push(html.toString("latin1", hrefStart, hrefEnd));
    parts.push(html.subarray(copied, at));
    copied = close + 1;
  }
  parts.push(
    html.subarray(copied, start),
    Buffer.from(`<script type="text/plain" id="${DEFERRED_MODULE_ID}">`),
    html.subarray(start + MODULE_SCRIPT.length, end),
    Buffer.from(`</script><script>${loader(hrefs)}</script>`),
    html.subarray(end + SCRIPT_END.length),
  );
  return Buffer.concat(parts);
}
