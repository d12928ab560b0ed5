import { use, useMemo, useState } from "react";
import { keyboardScrollable } from "./html-rules";

type Sanitize = (html: string) => string;

let sanitize: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/**
 * Loads the browser's sanitizer (DOMPurify, lib/safe-html.ts) once, as its own chunk. A route that
 * renders stored HTML awaits it in its clientLoader, so a navigation in the browser has it ready
 * before the page renders; the server's page never loads it.
 */
export function loadSafeHtml(): Promise<Sanitize> {
  loading ??= import("./safe-html").then((m) => {
    sanitize = m.safeHtml;
    return m.safeHtml;
  });
  return loading;
}

/** Whether React has hydrated the server's page (the site shell marks <html data-hydrated> then). */
function hydrated(): boolean {
  return document.documentElement.dataset.hydrated === "true";
}

/**
 * Stored article HTML (sanitized by the server when written) as the page renders it:
 * - on the server, and in the browser while React hydrates the server's page, the stored HTML
 *   itself. The browser parsed that HTML into the page before any script ran, and React keeps the
 *   DOM of a `dangerouslySetInnerHTML` element as it finds it when hydrating, so a second pass
 *   here could change nothing on the screen; it would only cost the visitor's CPU.
 * - in the browser for any other HTML (a navigation, a revalidation that brings an edited body),
 *   which React writes into the DOM itself, the browser's sanitizer runs first, with the server's allowlist
 *   (defence in depth). When it has not loaded yet the render waits for it (the previous page
 *   stays on screen during a navigation).
 */
export function useSafeHtml(html: string): string {
  // The HTML this element was given while it hydrated: the server's page already shows exactly it,
  // and a later render with the same HTML (a revalidation) must leave that DOM alone.
  const [hydratedWith] = useState(() => (typeof window === "undefined" || !hydrated() ? html : undefined));
  const sanitizer = html === hydratedWith ? undefined : (sanitize ?? use(loadSafeHtml()));
  return useMemo(() => (sanitizer ? sanitizer(html) : keyboardScrollable(html)), [sanitizer, html]);
}
