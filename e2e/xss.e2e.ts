import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executableFindings, XSS_PAYLOADS } from "@vestin/shared/testing/xss";
import { enrolTwoFactor, inviteAdmin, startIsolatedServer, useBrowser, waitForHydration, type IsolatedServer } from "./support.ts";
import { expectInert, handlersHadTheirChance, liveTrees, pageWideFindings, type Session, trappedContext, visit } from "./xss-support.ts";

/*
 * The XSS corpus in a real browser. An administrator stores it through the normal
 * admin API as a published article and as lessons (HTML and Markdown, and in the plain-text
 * fields); Chromium opens the pages with alert/confirm/prompt/print and window.__xss trapped, with
 * the page CSP bypassed (so the sanitizers alone are tested) and with it on (where no script
 * may even be attempted). The admin Markdown preview (DOMPurify in the browser) gets the same.
 */

const _ROOT = path.resolve(import.meta.dirname, "..");
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
/**
 * Every image of a saved body must carry alt text (the API refuses it otherwise), so each payload's
 * images get one, put before their own attributes: what the payload tries stays as it was.
 */
const withAlt = (payload: string) => payload.replace(/<img\b/gi, '<img alt="payload"').replace(/!\[\s*\]\(/g, "![payload](");
const CORPUS_HTML = XSS_PAYLOADS.map(withAlt).join(SEPARATOR);
const CORPUS_MARKDOWN = XSS_PAYLOADS.map(withAlt).join(SEPARATOR);
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
  if (!server) throw new Error("the XSS server has not started");
  const link = inviteAdmin(ADMIN_EMAIL, "Xss Tester", server);
  const token = link.searchParams.get("token");
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

/** A context whose pages record every way a payload could show it ran (xss-support.ts), signed in as the administrator or not. */
const trapped = (options: { bypassCSP: boolean; signedIn: boolean }) =>
  trappedContext(browser(), { baseURL: baseURL(), bypassCSP: options.bypassCSP, session: options.signedIn ? admin : null });

describe("the traps", () => {
  it("catch a payload that does run, so a quiet page means nothing ran", async () => {
    const context = await trapped({ bypassCSP: true, signedIn: false });
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
      const context = await trapped({ bypassCSP, signedIn: false });
      for (const { slug, label } of articles) {
        const pathname = `/blog/${slug}`;
        const outcome = await visit(context, pathname, label === "fields" ? "main" : ".prose-article");
        expectInert(outcome, `${pathname} (${label})`, baseURL());
        // The last payload's text is there: no payload swallowed the ones after it on the way.
        if (label !== "fields") expect(outcome.text).toContain("clobber the app root");
      }
      // The listing shows titles, excerpts and tags of the articles above.
      expectInert(await visit(context, "/articles", "main"), "/articles", baseURL());
      await context.close();
    });

    it(`lesson pages run nothing ${mode}`, async () => {
      const context = await trapped({ bypassCSP, signedIn: true });
      for (const { slug, label } of lessons) {
        const pathname = `/learn/course/${course.slug}/lesson/${slug}`;
        const outcome = await visit(context, pathname, label === "html" || label === "markdown" ? ".prose-article" : "main");
        expectInert(outcome, `${pathname} (${label})`, baseURL());
        if (label === "html" || label === "markdown") expect(outcome.text).toContain("clobber the app root");
      }
      expectInert(await visit(context, `/learn/course/${course.slug}`, "main"), "course page", baseURL());
      await context.close();
    });
  }
});

describe("reflected XSS: payloads in addresses", () => {
  // Twelve page visits: on two cores, with the other browser files running, a minute is not always enough.
  it("search boxes, redirects and prefilled forms echo payloads as text", { timeout: 150_000 }, async () => {
    const context = await trapped({ bypassCSP: true, signedIn: false });
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
        expectInert(await visit(context, pathname, "main"), pathname, baseURL());
      }
    }
    await context.close();
  });
});

describe("the admin console's Markdown preview (DOMPurify in the browser)", () => {
  it("previews the whole corpus without running any of it", async () => {
    const context = await trapped({ bypassCSP: true, signedIn: true });
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
      await handlersHadTheirChance(page, ".prose-article");
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
    await handlersHadTheirChance(editPage, ".prose-article");
    const stored = await liveTrees(editPage, ".prose-article");
    expect(stored.flatMap((tree) => executableFindings(tree))).toEqual([]);
    expect(await pageWideFindings(editPage)).toEqual([]);
    expect(await editPage.evaluate(() => [...(window as unknown as { __xssHits: string[] }).__xssHits])).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
