import { spawnSync } from "node:child_process";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executableFindings, XSS_PAYLOADS, type HtmlElement } from "@vestin/shared/testing/xss";
import { DESKTOP, enrolTwoFactor, startIsolatedServer, useBrowser, waitForHydration, type IsolatedServer } from "./support.ts";

/*
 * The XSS corpus in a real browser (issue #10). An administrator stores it through the normal
 * admin API as a published article and as lessons (HTML and Markdown, and in the plain-text
 * fields); Chromium opens the pages with alert/confirm/prompt/print and window.__xss trapped, with
 * the page CSP bypassed (so the sanitizers alone are tested) and with it on (where no script
 * may even be attempted). The admin Markdown preview (DOMPurify in the browser) gets the same.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN_EMAIL = `xss.admin.${stamp}@example.com`;
const PASSWORD = "xss-admin-pass-1";
/**
 * Between payloads, end tags that close any raw-text state a payload leaves open (an unclosed
 * <style> or <textarea> would otherwise swallow the rest of the corpus, which would then never
 * reach the page). They are dropped by the sanitizer like any stray end tag.
 */
const CLOSERS = [
  "style",
  "textarea",
  "title",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "script",
  "iframe",
  "svg",
  "math",
  "table",
  "a",
  "audio",
  "video",
  "details",
  "select",
  "marquee",
  "object",
  "form",
];
// One end tag per line: in Markdown that is a raw HTML block, not a paragraph (inside a <p> a browser would ignore them).
const SEPARATOR = `\n\n${CLOSERS.map((tag) => `</${tag}>`).join("\n")}\n\n`;
const CORPUS_HTML = XSS_PAYLOADS.join(SEPARATOR);
const CORPUS_MARKDOWN = XSS_PAYLOADS.join(SEPARATOR);
/** Short payloads for the plain-text fields (title, excerpt, tags, names), which React must escape. */
const SHORT = XSS_PAYLOADS.filter((p) => p.length <= 90);

const browser = useBrowser();
// Its own server: the corpus articles and course would otherwise change the counts the other
// files (running in parallel on the shared server) check.
let server: IsolatedServer | undefined;
const baseURL = () => {
  if (!server) throw new Error("server not started");
  return server.url;
};

type Session = { token: string; user: unknown };
let admin: Session;
const articles: Array<{ slug: string; id: string; label: string }> = [];
let course = { id: "", slug: "" };
const lessons: Array<{ slug: string; label: string }> = [];

async function call(method: string, pathname: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseURL()}/api/v1${pathname}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as { data?: Record<string, unknown> & { token?: string; user?: unknown }; message?: string },
  };
}

/**
 * An administrator made the way the team makes one: the command line's one-time link, then a
 * password, then two-factor sign-in (required before the admin API answers); the session signed
 * in with the password stays valid through the enrolment.
 */
async function createAdmin(): Promise<Session> {
  const dataDir = server?.dataDir ?? "";
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "apps/server/src/features/admin/cli.ts"), "create-user", "--email", ADMIN_EMAIL, "--name", "Xss Tester"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
        PUBLIC_URL: baseURL(),
      },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  const link = /https?:\/\/\S+reset-password\?\S+/.exec(result.stdout)?.[0];
  if (result.status !== 0 || !link) throw new Error(`create-user failed: ${result.stderr || result.stdout}`);
  const token = new URL(link).searchParams.get("token");
  expect((await call("PUT", "/auth/reset-password", { token, password: PASSWORD })).status).toBe(200);
  const login = await call("POST", "/auth/login", { email: ADMIN_EMAIL, password: PASSWORD });
  expect(login.status).toBe(200);
  const session = { token: login.body.data?.token ?? "", user: login.body.data?.user };
  await enrolTwoFactor({ url: baseURL() }, { firstName: "Xss", lastName: "Tester", email: ADMIN_EMAIL, password: PASSWORD }, session.token);
  return session;
}

afterAll(async () => {
  await server?.stop();
});

beforeAll(async () => {
  server = await startIsolatedServer();
  admin = await createAdmin();
  const article = (label: string, fields: Record<string, unknown>) => ({
    title: `XSS ${label} ${stamp}`,
    excerpt: "Every payload of the corpus.",
    category: "Security",
    author: { name: "Red Team" },
    status: "published",
    ...fields,
  });
  for (const [label, fields] of [
    ["html", { content: CORPUS_HTML }],
    ["markdown", { markdown: CORPUS_MARKDOWN }],
    [
      "fields",
      {
        title: `${SHORT[0]} ${stamp}`.slice(0, 200),
        excerpt: SHORT.slice(1, 6).join(" ").slice(0, 400),
        category: SHORT[6]?.slice(0, 60),
        tags: SHORT.slice(7, 12).map((t) => t.slice(0, 40)),
        author: { name: `${SHORT[12]}`.slice(0, 100) },
        featuredImage: 'x" onerror="alert(1)',
        featuredImageAlt: '"><img src=x onerror=alert(1)>',
        content: "<p>Plain body.</p>",
      },
    ],
  ] as const) {
    const res = await call("POST", "/blogs", article(label, fields), admin.token);
    expect(res.status, `${label}: ${res.body.message}`).toBe(201);
    articles.push({ slug: String(res.body.data?.slug), id: String(res.body.data?._id), label });
  }

  const created = await call(
    "POST",
    "/courses",
    { title: `XSS course ${stamp}`, description: SHORT.slice(0, 3).join(" "), category: "Advanced Topics", difficulty: "Advanced" },
    admin.token,
  );
  expect(created.status).toBe(201);
  course = { id: String(created.body.data?._id), slug: String(created.body.data?.slug) };
  for (const [label, fields] of [
    ["html", { content: CORPUS_HTML }],
    ["markdown", { markdown: CORPUS_MARKDOWN }],
    [
      "fields",
      {
        content: "<p>Plain lesson.</p>",
        description: SHORT.slice(0, 5).join(" "),
        learningObjectives: SHORT.slice(5, 10),
        keyTakeaways: SHORT.slice(10, 15),
        prerequisites: SHORT.slice(15, 18),
        resources: [{ name: SHORT[18] ?? "r", url: "https://vestin.io/guide" }],
        videoDescription: SHORT[19] ?? null,
      },
    ],
  ] as const) {
    const res = await call("POST", "/lessons", { courseId: course.id, title: `XSS lesson ${label} ${stamp}`, ...fields }, admin.token);
    expect(res.status, `${label}: ${res.body.message}`).toBe(201);
    lessons.push({ slug: String(res.body.data?.slug), label });
  }
  // Lesson links (resources, video) must be web addresses: a javascript: one is refused, not stored.
  for (const link of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"]) {
    const res = await call(
      "POST",
      "/lessons",
      { courseId: course.id, title: `XSS resource ${stamp}`, content: "<p>x</p>", resources: [{ name: "run", url: link }] },
      admin.token,
    );
    expect(res.status, link).toBe(400);
    expect(
      (await call("POST", "/lessons", { courseId: course.id, title: `XSS video ${stamp}`, content: "<p>x</p>", videoUrl: link }, admin.token)).status,
      link,
    ).toBe(400);
  }
  expect((await call("POST", `/courses/${course.id}/enroll`, undefined, admin.token)).status).toBe(201);
});

/** Installs the traps before any page script: every way a payload could show it ran is recorded. */
async function trappedContext(options: { bypassCSP: boolean; signedIn: boolean }): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, bypassCSP: options.bypassCSP, reducedMotion: "reduce" });
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
    { session: options.signedIn ? admin : null },
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

const documentCsp = new WeakMap<Page, string>();

type Outcome = { hits: string[]; dialogs: string[]; violations: string[]; findings: string[]; url: string; text: string };

/** The live DOM of the given containers, as the shared checks read it. */
async function liveTrees(page: Page, selector: string): Promise<HtmlElement[]> {
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
async function pageWideFindings(page: Page): Promise<string[]> {
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
          // eslint-disable-next-line no-control-regex
          const scheme = /^([a-z][a-z0-9+.-]*):/.exec(
            value
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
async function visit(context: BrowserContext, pathname: string, contentSelector: string): Promise<Outcome> {
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
  await page.waitForTimeout(300);
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

function expectInert(outcome: Outcome, pathname: string) {
  expect(outcome.hits, `${pathname}: trapped calls`).toEqual([]);
  expect(outcome.dialogs, `${pathname}: dialogs`).toEqual([]);
  expect(outcome.violations, `${pathname}: CSP reports of blocked scripts`).toEqual([]);
  expect(outcome.findings, `${pathname}: executable markup in the live DOM`).toEqual([]);
  expect(new URL(outcome.url).origin, `${pathname}: navigated away`).toBe(new URL(baseURL()).origin);
}

describe("the traps", () => {
  it("catch a payload that does run, so a quiet page means nothing ran", async () => {
    const context = await trappedContext({ bypassCSP: true, signedIn: false });
    const page = await context.newPage();
    await page.goto("/robots.txt");
    await page.evaluate(() => {
      document.body.innerHTML = '<img src=x onerror="alert(1)"><img src=y onerror="__xss(2)">';
    });
    // Under the full parallel run the error events can take more than the default second.
    await expect
      .poll(() => page.evaluate(() => [...(window as unknown as { __xssHits: string[] }).__xssHits].sort()), { timeout: 10_000 })
      .toEqual(["__xss(2)", "alert(1)"]);
    await context.close();
  });
});

describe("stored XSS: the corpus in published articles and lessons", () => {
  for (const bypassCSP of [true, false]) {
    const mode = bypassCSP ? "with the CSP bypassed (sanitizers alone)" : "with the page CSP";

    it(`article pages run nothing ${mode}`, async () => {
      const context = await trappedContext({ bypassCSP, signedIn: false });
      for (const { slug, label } of articles) {
        const pathname = `/blog/${slug}`;
        const outcome = await visit(context, pathname, label === "fields" ? "main" : ".prose-article");
        expectInert(outcome, `${pathname} (${label})`);
        // The last payload's text is there: no payload swallowed the ones after it on the way.
        if (label !== "fields") expect(outcome.text).toContain("clobber the app root");
      }
      // The listing shows titles, excerpts and tags of the articles above.
      expectInert(await visit(context, "/articles", "main"), "/articles");
      await context.close();
    });

    it(`lesson pages run nothing ${mode}`, async () => {
      const context = await trappedContext({ bypassCSP, signedIn: true });
      for (const { slug, label } of lessons) {
        const pathname = `/learn/course/${course.slug}/lesson/${slug}`;
        const outcome = await visit(context, pathname, label === "html" || label === "markdown" ? ".prose-article" : "main");
        expectInert(outcome, `${pathname} (${label})`);
        if (label === "html" || label === "markdown") expect(outcome.text).toContain("clobber the app root");
      }
      expectInert(await visit(context, `/learn/course/${course.slug}`, "main"), "course page");
      await context.close();
    });
  }
});

describe("reflected XSS: payloads in addresses", () => {
  // Twelve page visits: on two cores, with the other browser files running, a minute is not always enough.
  it("search boxes, redirects and prefilled forms echo payloads as text", { timeout: 150_000 }, async () => {
    const context = await trappedContext({ bypassCSP: true, signedIn: false });
    const picks = [XSS_PAYLOADS[0], XSS_PAYLOADS.find((p) => p.includes("onerror")), XSS_PAYLOADS.find((p) => p.startsWith('"><'))].filter((p): p is string =>
      Boolean(p),
    );
    for (const payload of picks) {
      const q = encodeURIComponent(payload);
      for (const pathname of [
        `/articles?search=${q}`,
        `/learn/courses?search=${q}`,
        `/signin?redirect=${encodeURIComponent("javascript:alert(1)")}&email=${q}`,
        `/reset-password?token=${q}&email=${q}`,
      ]) {
        expectInert(await visit(context, pathname, "main"), pathname);
      }
    }
    await context.close();
  });
});

describe("the admin console's Markdown preview (DOMPurify in the browser)", () => {
  it("previews the whole corpus without running any of it", async () => {
    const context = await trappedContext({ bypassCSP: true, signedIn: true });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto("/admin/articles/new");
    await waitForHydration(page);
    const editor = page.getByLabel("Article text (Markdown)");
    await editor.waitFor({ state: "visible", timeout: 30_000 });
    await expect.poll(() => editor.isEditable(), { timeout: 30_000 }).toBe(true);
    const preview = page.getByRole("region", { name: "Preview" });
    // Ten payloads at a time, so a payload that swallows what follows it cannot hide the others.
    for (let start = 0; start < XSS_PAYLOADS.length; start += 10) {
      const marker = `Chunk ${start} begins`;
      await editor.fill(`${marker}\n\n${XSS_PAYLOADS.slice(start, start + 10).join(SEPARATOR)}`, { timeout: 60_000 });
      await expect.poll(async () => preview.innerText(), { timeout: 15_000 }).toContain(marker);
      await page.waitForTimeout(300);
      const trees = await liveTrees(page, ".prose-article");
      expect(trees.length).toBeGreaterThan(0);
      expect(
        trees.flatMap((tree) => executableFindings(tree)),
        marker,
      ).toEqual([]);
      expect(await pageWideFindings(page), marker).toEqual([]);
      const hits = await page.evaluate(() => [...(window as unknown as { __xssHits: string[] }).__xssHits]);
      expect(hits, marker).toEqual([]);
      expect(dialogs, marker).toEqual([]);
    }

    await page.close();

    // The stored HTML of an existing article is previewed through DOMPurify too (a new page: the
    // editor above has unsaved changes and would ask before leaving).
    const html = articles.find((a) => a.label === "html");
    const editPage = await context.newPage();
    editPage.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await editPage.goto(`/admin/articles/${html?.id}`);
    await waitForHydration(editPage);
    await editPage.waitForSelector(".prose-article", { state: "attached", timeout: 15_000 });
    await editPage.waitForTimeout(500);
    const stored = await liveTrees(editPage, ".prose-article");
    expect(stored.flatMap((tree) => executableFindings(tree))).toEqual([]);
    expect(await pageWideFindings(editPage)).toEqual([]);
    expect(await editPage.evaluate(() => [...(window as unknown as { __xssHits: string[] }).__xssHits])).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
