import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_ID, deferModuleScripts as deferInBytes, deferredScriptUrls, PRELOADS_PER_TASK } from "./defer-scripts.server.ts";

/** The rewrite of a document's UTF-8 bytes, read back as text. */
const deferModuleScripts = (html: string) => deferInBytes(Buffer.from(html)).toString();

const CODE = `;
import * as route0 from "/assets/root-A.js";
window.__reactRouterManifest = {"note":"a<!--b<c\u2028"};
window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-B.js");`;

const DOC =
  `<!DOCTYPE html><html><head><title>t</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-B.js"/>` +
  `<link rel="modulepreload" href="/assets/root-A.js"/>` +
  `<link rel="stylesheet" href="/assets/app.css"/></head><body><main>Hello é</main>` +
  `<script>window.__reactRouterContext = {};</script>` +
  `<script type="module" async="">${CODE}</script>` +
  `<!--$?--><template id="B:0"></template><!--/$--></body></html>`;

/** Runs the loader as a browser would, with a fake DOM, and returns what it added and when. */
function runLoader(html: string) {
  const loader = html.match(/<script>(\(function\(\)\{var h=[\s\S]*?)<\/script>/)![1]!;
  const inert = html.match(new RegExp(`<script type="text/plain" id="${DEFERRED_MODULE_ID}">([\\s\\S]*?)</script>`))![1]!;
  const added: Array<{ parent: string; tag: string; [key: string]: unknown }> = [];
  const frames: Array<() => void> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const element = (tag: string) => ({ tag }) as Record<string, unknown>;
  const context = {
    document: {
      getElementById: (id: string) => (id === DEFERRED_MODULE_ID ? { textContent: inert } : null),
      createElement: element,
      head: { appendChild: (el: { tag: string }) => added.push({ parent: "head", ...el }) },
      body: { appendChild: (el: { tag: string }) => added.push({ parent: "body", ...el }) },
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  };
  vm.runInNewContext(loader, context);
  return { added, frames, timers };
}

describe("deferModuleScripts", () => {
  it("moves the preloads and the module script behind the first frame, keeping the rest", () => {
    const out = deferModuleScripts(DOC);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module" async');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain("<main>Hello é</main>");
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(out).toContain('<!--$?--><template id="B:0"></template><!--/$--></body></html>');
    // The page's own markup cannot be closed early by anything in the module code.
    expect(out.match(/<\/script>/g)).toHaveLength(3);

    const { added, frames, timers } = runLoader(out);
    expect(added).toEqual([]);
    for (const fn of frames) fn();
    const afterFrame = timers.find((t) => t.ms === 0)!;
    afterFrame.fn();
    // Two preloads fit one task: nothing is left for a later one.
    expect(timers.filter((t) => t.ms === 0)).toHaveLength(1);
    expect(added).toEqual([
      { parent: "head", tag: "link", rel: "modulepreload", href: "/assets/entry.client-B.js" },
      { parent: "head", tag: "link", rel: "modulepreload", href: "/assets/root-A.js" },
      { parent: "body", tag: "script", type: "module", textContent: CODE },
    ]);
    // The background-tab timer does not add them a second time.
    timers.find((t) => t.ms === 3000)!.fn();
    expect(added).toHaveLength(3);
  });

  it("adds a page's many preloads a few per task, and the module script after the last", () => {
    const hrefs = Array.from({ length: 2 * PRELOADS_PER_TASK + 3 }, (_, n) => `/assets/chunk-${n}.js`);
    const many = DOC.replace(
      '<link rel="modulepreload" href="/assets/root-A.js"/>',
      hrefs.map((href) => `<link rel="modulepreload" href="${href}"/>`).join(""),
    );
    const { added, frames, timers } = runLoader(deferModuleScripts(many));
    for (const fn of frames) fn();
    // Each task the loader runs is one timer; record what each added.
    const perTask: number[] = [];
    for (let next = 0; next < timers.length; next++) {
      if (timers[next]!.ms !== 0) continue;
      const before = added.length;
      timers[next]!.fn();
      perTask.push(added.length - before);
    }
    expect(perTask).toEqual([PRELOADS_PER_TASK, PRELOADS_PER_TASK, 4 + 1]);
    expect(added.map((el) => el.href ?? el.type)).toEqual(["/assets/entry.client-B.js", ...hrefs, "module"]);
    // The background-tab timer, firing later, adds nothing twice.
    timers.find((t) => t.ms === 3000)!.fn();
    expect(added).toHaveLength(hrefs.length + 2);
  });

  it("names the deferred modules for the JavaScript budget", () => {
    expect(deferredScriptUrls(deferModuleScripts(DOC))).toEqual(["/assets/entry.client-B.js", "/assets/root-A.js"]);
    expect(deferredScriptUrls(DOC)).toEqual([]);
  });

  it("leaves a document whose module script is not complete alone", () => {
    const cut = DOC.indexOf("import(");
    expect(deferModuleScripts(DOC.slice(0, cut))).toBe(DOC.slice(0, cut));
  });

  it("copies the page's text through byte for byte, whatever its characters", () => {
    const text = "Own more — risk less · ünïcødé ✓ 🚀";
    const out = deferModuleScripts(DOC.replace("Hello é", text));
    expect(out).toContain(`<main>${text}</main>`);
    expect(out).toBe(deferModuleScripts(DOC).replace("Hello é", text));
  });

  it("keeps a preload it cannot read whole, and removes the others", () => {
    const odd = DOC.replace('<link rel="stylesheet"', '<link rel="modulepreload" href="/assets/odd.js">');
    const out = deferModuleScripts(odd);
    expect(out).toContain('<link rel="modulepreload" href="/assets/odd.js">');
    expect(deferredScriptUrls(out)).toEqual(["/assets/entry.client-B.js", "/assets/root-A.js"]);
  });

  it("leaves a document without React Router's scripts alone", () => {
    const plain = "<!DOCTYPE html><html><body><p>Hi</p></body></html>";
    expect(deferModuleScripts(plain)).toBe(plain);
  });
});
