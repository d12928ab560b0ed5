import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminAccount,
  adminSessionToken,
  createAdminOn,
  DESKTOP,
  type IsolatedServer,
  jsErrors,
  PHONE,
  signedInAdminPage,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
  pageLoaderGone,
  callApi,
} from "./support.ts";

/*
 * Authors and tags: a reader opens an article, follows its author's byline to the author's page
 * (profile, links, their articles, JSON-LD Person), then a tag to the tag's page (JSON-LD
 * CollectionPage). Their feeds and sitemap entries are read as a crawler would. Its own server:
 * its writes change what other files count on the shared one.
 */

/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.AUTHOR_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-authors-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Iris", lastName: "Ledger", email: `authors.admin.${stamp}@example.com`, password: "authors-pass-1" };
const TAG = "settlement rails";
const TAG_SLUG = "settlement-rails";
const TITLE = "How settlement rails move tokenized funds";

let server: IsolatedServer;
let token = "";
let authorId = "";
let articleId = "";
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const api = (method: string, pathname: string, body?: unknown) => callApi<{ _id: string; slug: string }>(server.url, method, pathname, body, token);

async function shoot(page: Page, name: string) {
  await pageLoaderGone(page);
  await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);

describe("authors and tags: pages, feeds and sitemap", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    token = await adminSessionToken(server, admin);
    const author = await api("POST", "/admin/authors", {
      name: "Iris Ledger",
      slug: "iris-ledger",
      bio: "Covers settlement, custody and the plumbing of tokenized funds.",
      links: { website: "https://iris.example.com", github: "https://github.com/iris-ledger" },
    });
    expect(author.status).toBe(201);
    authorId = author.body?.data._id ?? "";
    const created = await api("POST", "/blogs", {
      title: TITLE,
      slug: `settlement-rails-${stamp}`,
      excerpt: "Settlement, custody and the paperwork in between.",
      category: "Tokenization",
      tags: [TAG, "custody"],
      authorIds: [authorId],
      markdown: "## Settlement\n\nFunds settle on chain.",
    });
    expect(created.status).toBe(201);
    articleId = created.body?.data._id ?? "";
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("goes from an article to its author's page, then to a tag's page, with JSON-LD on each", async () => {
    const context = await browser().newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`/blog/settlement-rails-${stamp}`);
    await waitForHydration(page);
    const article = (await jsonLdOf(page)).find((ld) => ld["@type"] === "BlogPosting");
    expect(article?.author).toEqual([{ "@type": "Person", name: "Iris Ledger", url: `${server.url}/blog/author/iris-ledger` }]);

    await page.locator("header").getByRole("link", { name: "Iris Ledger" }).click();
    await page.waitForURL((url) => url.pathname === "/blog/author/iris-ledger");
    await poll(() => page.getByRole("heading", { level: 1, name: "Iris Ledger" }).isVisible()).toBe(true);
    await expect(page.getByText("Covers settlement, custody and the plumbing of tokenized funds.").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "GitHub" }).getAttribute("href")).resolves.toBe("https://github.com/iris-ledger");
    await expect(page.getByRole("heading", { level: 2, name: TITLE }).isVisible()).resolves.toBe(true);

    // The server's document, as a crawler reads it.
    const html = await (await fetch(`${server.url}/blog/author/iris-ledger`)).text();
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml"`);
    expect(html).toContain(`href="${server.url}/blog/author/iris-ledger/rss.xml"`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/blog/author/iris-ledger"/>`);
    const person = (await jsonLdOf(page)).find((ld) => ld["@type"] === "Person");
    expect(person).toMatchObject({
      name: "Iris Ledger",
      url: `${server.url}/blog/author/iris-ledger`,
      description: "Covers settlement, custody and the plumbing of tokenized funds.",
      sameAs: ["https://iris.example.com", "https://github.com/iris-ledger"],
    });

    await page
      .getByRole("link", { name: `#${TAG}` })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/blog/tag/${TAG_SLUG}`);
    await poll(() => page.getByRole("heading", { level: 1, name: `#${TAG}` }).isVisible()).toBe(true);
    await expect(page.getByRole("heading", { level: 2, name: TITLE }).isVisible()).resolves.toBe(true);
    const collection = (await jsonLdOf(page)).find((ld) => ld["@type"] === "CollectionPage") as
      | { mainEntity: { itemListElement: Array<{ name: string }> } }
      | undefined;
    expect(collection?.mainEntity.itemListElement.map((i) => i.name)).toEqual([TITLE]);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("answers 404 for an unknown author or tag, and serves both pages from the page cache", async () => {
    expect((await fetch(`${server.url}/blog/author/nobody-${stamp}`)).status).toBe(404);
    expect((await fetch(`${server.url}/blog/tag/nothing-${stamp}`)).status).toBe(404);
    expect((await fetch(`${server.url}/blog/author/iris-ledger?page=2`)).status).toBe(404);
    for (const address of ["/blog/author/iris-ledger", `/blog/tag/${TAG_SLUG}`]) {
      await fetch(`${server.url}${address}`);
      await poll(async () => (await fetch(`${server.url}${address}`)).headers.get("x-page-cache")).toBe("hit");
    }
  });

  it("has a feed per author and per tag, and lists both in the sitemap", async () => {
    for (const address of ["/blog/author/iris-ledger/rss.xml", `/blog/tag/${TAG_SLUG}/rss.xml`]) {
      const res = await fetch(`${server.url}${address}`);
      expect(res.status, address).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/rss+xml");
      const xml = await res.text();
      expect(xml).toContain(`<title>${TITLE}</title>`);
      expect(xml).toContain("<dc:creator>Iris Ledger</dc:creator>");
      expect(xml).toContain(`<atom:link href="${server.url}${address}" rel="self"`);
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/blog/author/iris-ledger</loc>`);
    expect(sitemap).toContain(`<loc>${server.url}/blog/tag/${TAG_SLUG}</loc>`);
    // An author with no published article is left out.
    expect((await api("POST", "/admin/authors", { name: "Quiet Writer" })).status).toBe(201);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("/blog/author/quiet-writer");
  });

  it("looks right at 390 and 1280 px: author page, tag page, /admin/authors and the editor's picker", async () => {
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { page, context } = await signedInAdminPage(browser(), server, ADMIN, "/admin/authors", "Authors", viewport);
      await poll(() => page.getByText("Iris Ledger").first().isVisible()).toBe(true);
      await shoot(page, `admin-authors-${width}`);
      await page.getByRole("button", { name: "Edit Iris Ledger" }).click();
      await poll(() => page.getByRole("heading", { name: "Edit Iris Ledger" }).isVisible()).toBe(true);
      await shoot(page, `admin-authors-edit-${width}`);
      await page.goto(`/admin/articles/${articleId}`);
      await waitForHydration(page);
      await poll(() => page.getByRole("list", { name: "Chosen authors, in byline order" }).getByText("Iris Ledger").isVisible()).toBe(true);
      await page.getByRole("list", { name: "Chosen authors, in byline order" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `editor-author-picker-${width}.png`) });
      for (const [address, name] of [
        ["/blog/author/iris-ledger", "author-page"],
        [`/blog/tag/${TAG_SLUG}`, "tag-page"],
      ] as const) {
        await page.goto(address);
        await waitForHydration(page);
        await shoot(page, `${name}-${width}`);
      }
      expect(jsErrors(page)).toEqual([]);
      await context.close();
    }
  });
});
