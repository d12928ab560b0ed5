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

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script(?: nonce="[^"]*")? type="module" async="">/;
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
 * Adds the preloads, then the module script, after the first frame; a timer covers tabs opened in
 * the background, where animation frames wait until the tab is shown.
 */
function loader(hrefs: string[]): string {
  return (
    `${LOADER_START}${scriptLiteral(hrefs)},d=0;` +
    `function go(){if(d)return;d=1;h.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.appendChild(l)});` +
    `var s=document.createElement("script");s.type="module";s.textContent=document.getElementById("${DEFERRED_MODULE_ID}").textContent;document.body.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})()`
  );
}

/**
 * Rewrites a document that holds React Router's module script; returns null while the script is
 * not complete yet (more of the stream is needed) and the input unchanged when there is none.
 */
export function deferModuleScripts(html: string, final: boolean): string | null {
  const found = MODULE_SCRIPT.exec(html);
  const end = found ? html.indexOf("</script>", found.index + found[0].length) : -1;
  if (!found || end < 0) return final ? html : null;
  const start = found.index;
  const code = html.slice(start + found[0].length, end);
  const head = html.slice(0, start);
  const hrefs: string[] = [];
  const withoutPreloads = head.replace(PRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  return (
    `${withoutPreloads}<script type="text/plain" id="${DEFERRED_MODULE_ID}">${code}</script>` +
    `<script>${loader(hrefs)}</script>${html.slice(end + "</script>".length)}`
  );
}
