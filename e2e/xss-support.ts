import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { executableFindings, type HtmlElement } from "@vestin/shared/testing/xss";
import { DESKTOP, waitForHydration } from "./support.ts";

/*
 * The browser side of the XSS tests (xss.e2e.ts): a context whose pages trap every way a payload
 * could show that it ran (alert, confirm, prompt, print, window.__xss, script-related CSP reports),
 * and the reading of a page's live DOM for anything that could still run.
 */

/** A signed-in session as the sign-in page stores it. */
export type Session = { token: string; user: unknown };

/** Each page's document CSP (as its response named it), for the check that every inline script is one the server listed. */
const documentCsp = new WeakMap<Page, string>();

/** Installs the traps before any page script: every way a payload could show it ran is recorded. */
export async function trappedContext(browser: Browser, options: { baseURL: string; bypassCSP: boolean; session: Session | null }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: options.baseURL, viewport: DESKTOP, bypassCSP: options.bypassCSP, reducedMotion: "reduce" });
  await context.addInitScript(
    ({ session }) => {
      const hits: string[] = [];
      const violations: string[] = [];
      const trap =
        (name: string) =>
        (...args: unknown[]) => {
          hits.push(`${name}(${args.map(String).join(",")})`);
        };
      for (const name of ["__xss", "alert", "confirm", "prompt", "print"]) {
        Object.defineProperty(window, name, { value: trap(name), writable: false, configurable: false });
      }
      Object.defineProperty(window, "__xssHits", { value: hits, writable: false, configurable: false });
      Object.defineProperty(window, "__cspViolations", { value: violations, writable: false, configurable: false });
      document.addEventListener("securitypolicyviolation", (event) =>
        violations.push(`${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`),
      );
      if (session) {
        localStorage.setItem("token", session.token);
        localStorage.setItem("user", JSON.stringify(session.user));
      }
    },
    { session: options.session },
  );
  // Each page's document CSP, for the check that every inline script is one the server listed.
  context.on("page", (page) => {
    page.on("response", (response) => {
      if (response.request().resourceType() === "document" && response.frame() === page.mainFrame())
        documentCsp.set(page, response.headers()["content-security-policy"] ?? "");
    });
  });
  return context;
}

export type Outcome = { hits: string[]; dialogs: string[]; violations: string[]; findings: string[]; url: string; text: string };

/** The live DOM of the given containers, as the shared checks read it. */
export async function liveTrees(page: Page, selector: string): Promise<HtmlElement[]> {
  return page.$$eval(selector, (roots) => {
    type Tree = { tag: string; attrs: Array<{ name: string; value: string }>; children: Tree[] };
    const walk = (el: Element): Tree => ({
      tag: el.localName,
      attrs: [...el.attributes].map((a) => ({ name: a.name, value: a.value })),
      children: [...el.children, ...(el instanceof HTMLTemplateElement ? [...el.content.children] : [])].map(walk),
    });
    return roots.map(walk);
  });
}

/**
 * Anything that could run anywhere in the document: inline handlers (React sets none; it
 * delegates events), script-capable URLs, inline scripts whose SHA-256 the document's CSP does not
 * list (anything injected, even with the CSP bypassed), srcdoc frames,
 * <base>, <meta http-equiv>, plugins.
 */
export async function pageWideFindings(page: Page): Promise<string[]> {
  const listed: string[] = [...((documentCsp.get(page) ?? "").match(/'sha256-[^']+'/g) ?? [])];
  return page.evaluate(async (listed) => {
    const out: string[] = [];
    const inline: HTMLScriptElement[] = [];
    const URLS = ["href", "src", "action", "formaction", "xlink:href", "data", "background", "poster", "srcset"];
    for (const el of document.querySelectorAll("*")) {
      const tag = el.localName;
      for (const { name, value } of el.attributes) {
        const n = name.toLowerCase();
        if (n.startsWith("on")) out.push(`<${tag} ${n}>`);
        if (n === "srcdoc" || n === "formaction") out.push(`<${tag} ${n}>`);
        if (URLS.includes(n)) {
          const scheme = /^([a-z][a-z0-9+.-]*):/.exec(
            value
              // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser strips leading C0 control characters and spaces before it reads a URL's scheme, and so must this check
              .replace(/^[\u0000-\u0020]+/, "")
              .replace(/[\t\n\r]/g, "")
              .toLowerCase(),
          )?.[1];
          if (
            scheme === "javascript" ||
            scheme === "vbscript" ||
            (scheme === "data" && !(tag === "img" && /^data:image\/(png|gif|jpe?g|webp|avif|svg\+xml)/i.test(value)))
          )
            out.push(`<${tag} ${n}="${value.slice(0, 60)}">`);
        }
      }
      if (tag === "script") {
        const script = el as HTMLScriptElement;
        if (script.src !== "") {
          if (new URL(script.src).origin !== location.origin) out.push(`<script src> from elsewhere: ${script.src}`);
        } else inline.push(script);
      }
      if (tag === "base" || tag === "object" || tag === "embed" || tag === "applet" || tag === "portal") out.push(`<${tag}>`);
      if (tag === "meta" && el.hasAttribute("http-equiv")) out.push(`<meta http-equiv="${el.getAttribute("http-equiv")}">`);
      if (tag === "iframe") {
        const src = (el as HTMLIFrameElement).src;
        if (src && !/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(src) && new URL(src, location.href).origin !== location.origin)
          out.push(`<iframe src="${src}">`);
      }
    }
    for (const script of inline) {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script.textContent ?? ""));
      const hash = `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
      if (!listed.includes(hash)) out.push(`<script> not listed in the CSP: ${script.outerHTML.slice(0, 80)}`);
    }
    return out;
  }, listed);
}

/** Opens a page, lets it settle, moves over and focuses what it shows, and reports what ran. */
export async function visit(context: BrowserContext, pathname: string, contentSelector: string): Promise<Outcome> {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(pathname);
  await waitForHydration(page);
  await page.waitForSelector(contentSelector, { state: "attached", timeout: 15_000 });
  // Handlers that need a person: hover, focus and animation events get their chance in stored content.
  if (contentSelector !== "main") {
    for (const handle of (await page.$$(`${contentSelector} *`)).slice(0, 250)) {
      await handle.hover({ timeout: 100, force: true }).catch(() => {});
    }
  }
  await page.keyboard.press("Tab");
  await handlersHadTheirChance(page, contentSelector);
  const trees = contentSelector === "main" ? [] : await liveTrees(page, contentSelector);
  const pageWide = await pageWideFindings(page);
  const outcome = await page.evaluate(() => {
    const w = window as unknown as { __xssHits: string[]; __cspViolations: string[] };
    return { hits: [...w.__xssHits], violations: [...w.__cspViolations] };
  });
  const url = page.url();
  const text = await page.locator(contentSelector).first().innerText();
  await page.close();
  return {
    ...outcome,
    // Script-related CSP reports mean markup that would run made it into the page. None is
    // expected: the app itself never evals (zod runs jitless in the browser).
    violations: outcome.violations.filter((v) => /^(script-src|script-src-elem|script-src-attr|object-src|base-uri|form-action|frame-src|child-src)\b/.test(v)),
    dialogs,
    text,
    findings: [...trees.flatMap((tree) => executableFindings(tree)), ...pageWide],
    url,
  };
}

/** Nothing ran, nothing that could run is in the page, and the page stayed on `origin`. */
export function expectInert(outcome: Outcome, pathname: string, origin: string) {
  expect(outcome.hits, `${pathname}: trapped calls`).toEqual([]);
  expect(outcome.dialogs, `${pathname}: dialogs`).toEqual([]);
  expect(outcome.violations, `${pathname}: CSP reports of blocked scripts`).toEqual([]);
  expect(outcome.findings, `${pathname}: executable markup in the live DOM`).toEqual([]);
  expect(new URL(outcome.url).origin, `${pathname}: navigated away`).toBe(new URL(origin).origin);
}

/**
 * Waits until what a payload could do later has had its turn: every image and media element in
 * `selector` has loaded or failed (onload, onerror), and two frames have run (animation and
 * transition events, focus handlers, queued tasks of the parser).
 */
export async function handlersHadTheirChance(page: Page, selector: string): Promise<void> {
  await page.evaluate(async (sel) => {
    const media = [...document.querySelectorAll<HTMLImageElement | HTMLMediaElement>(`${sel} img, ${sel} video, ${sel} audio`)];
    await Promise.all(
      media.map((el) => {
        const done = el instanceof HTMLImageElement ? el.complete : el.readyState > 0 || el.error !== null || !el.currentSrc;
        if (done) return undefined;
        return new Promise<void>((resolve) => {
          for (const type of ["load", "error", "loadedmetadata", "abort"]) el.addEventListener(type, () => resolve(), { once: true });
          // A media element without a usable source never fires: two seconds at most.
          setTimeout(resolve, 2_000);
        });
      }),
    );
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  }, selector);
}
