import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./learner-support.ts";
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
 * Redirects: an administrator changes an article's slug in the editor, and the old link, opened
 * in a fresh browser with JavaScript off, arrives at the article (a 301 from the server). A manual
 * redirect added on /admin/redirects works the same way; a removed article's link shows the 410
 * page. Its own server: its writes change what other files count on the shared one.
 */

/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.REDIRECT_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-redirects-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Rhea", lastName: "Direct", email: `redirects.admin.${stamp}@example.com`, password: "redirect-pass-1" };
const OLD_SLUG = `old-address-${stamp}`;
const NEW_SLUG = `new-address-${stamp}`;
const TITLE = `Where tokenized funds settle ${stamp}`;

let server: IsolatedServer;
let token = "";
let articleId = "";
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const api = (method: string, pathname: string, body?: unknown) => callApi<{ _id: string }>(server.url, method, pathname, body, token);

/** A screenshot of the page as a reader sees it once settled: the entry placeholder gone, no toast over the title. */
async function shoot(page: Page, name: string) {
  await pageLoaderGone(page);
  await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A fresh context with JavaScript off: what a crawler or an old bookmark gets from the server alone. */
async function withoutScripts(browser: Browser, address: string) {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  const response = await page.goto(address);
  return { page, context, response };
}

describe("redirects: old links keep working", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    token = await adminSessionToken(server, admin);
    const created = await api("POST", "/blogs", {
      title: TITLE,
      slug: OLD_SLUG,
      excerpt: "Settlement, custody and the paperwork in between.",
      category: "Tokenization",
      author: { name: "Rhea Direct" },
      markdown: "## Settlement\n\nFunds settle on chain.",
    });
    expect(created.status).toBe(201);
    articleId = created.body?.data._id ?? "";
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends the old link of a renamed article to its new page, without JavaScript", async () => {
    const { page, context } = await signedInAdminPage(browser(), server, ADMIN, "/admin/redirects", "Redirects", DESKTOP);
    await page.goto(`/admin/articles/${articleId}`);
    await waitForHydration(page);
    const slug = page.getByLabel("Slug");
    await poll(() => slug.inputValue()).toBe(OLD_SLUG);
    await slug.fill(NEW_SLUG);
    await page.getByRole("button", { name: "Save changes" }).click();
    await poll(() => page.getByText("Article saved").first().isVisible()).toBe(true);
    expect(jsErrors(page)).toEqual([]);
    await context.close();

    const visit = await withoutScripts(browser(), `/blog/${OLD_SLUG}`);
    expect(visit.response?.status()).toBe(200);
    expect(visit.response?.request().redirectedFrom()?.url()).toBe(`${server.url}/blog/${OLD_SLUG}`);
    expect((await visit.response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(new URL(visit.page.url()).pathname).toBe(`/blog/${NEW_SLUG}`);
    await poll(() => visit.page.getByRole("heading", { level: 1, name: TITLE }).isVisible()).toBe(true);
    await visit.context.close();
  });

  it("lists the slug change on /admin/redirects and adds a manual redirect that works", async () => {
    const { page, context } = await signedInAdminPage(browser(), server, ADMIN, "/admin/redirects", "Redirects", DESKTOP);
    const table = page.getByRole("region", { name: "Redirects" });
    await poll(() => table.getByText(`/blog/${OLD_SLUG}`).isVisible()).toBe(true);
    await expect(table.getByRole("link", { name: `/blog/${NEW_SLUG}` }).count()).resolves.toBe(1);

    // The server's refusal lands on the field it is about.
    await page.getByLabel("Old path").fill("https://elsewhere.example/x");
    await page.getByLabel("New path").fill(`/blog/${NEW_SLUG}`);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await poll(() => page.getByText("Enter a path on this site, not a full address").isVisible()).toBe(true);

    const campaign = `/spring-campaign-${stamp}`;
    await page.getByLabel("Old path").fill(campaign);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await poll(() => table.getByText(campaign).isVisible()).toBe(true);
    await expect(page.getByLabel("Old path").inputValue()).resolves.toBe("");
    expect(jsErrors(page)).toEqual([]);
    await context.close();

    // The visitor's query (a campaign's tags) goes along.
    const visit = await withoutScripts(browser(), `${campaign}?utm_source=newsletter`);
    expect((await visit.response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(new URL(visit.page.url()).pathname).toBe(`/blog/${NEW_SLUG}`);
    expect(new URL(visit.page.url()).search).toBe("?utm_source=newsletter");
    await poll(() => visit.page.getByRole("heading", { level: 1, name: TITLE }).isVisible()).toBe(true);
    await visit.context.close();
  });

  it("answers 410 with a page that says the article was removed, at its new and old addresses", async () => {
    expect((await api("DELETE", `/blogs/${articleId}`)).status).toBe(204);
    for (const address of [`/blog/${NEW_SLUG}`, `/blog/${OLD_SLUG}`]) {
      const visit = await withoutScripts(browser(), address);
      expect(visit.response?.status(), address).toBe(410);
      await poll(() => visit.page.getByRole("heading", { level: 1, name: "This article has been removed" }).isVisible()).toBe(true);
      expect(await visit.page.getByRole("link", { name: "Browse all articles" }).getAttribute("href")).toBe("/articles");
      expect(await visit.page.locator('meta[name="robots"]').first().getAttribute("content")).toBe("noindex");
      await visit.context.close();
    }
  });

  it("looks right and passes axe at 390 and 1280 px: the redirects page and the 410 page", async () => {
    expect((await api("POST", "/admin/redirects", { fromPath: `/press-kit-${stamp}`, toPath: "/media-kit" })).status).toBe(201);
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { page, context } = await signedInAdminPage(browser(), server, ADMIN, "/admin/redirects", "Redirects", viewport);
      await poll(() => page.getByRole("region", { name: "Redirects" }).getByText(`/blog/${OLD_SLUG}`).isVisible()).toBe(true);
      await shoot(page, `admin-redirects-${width}`);
      await expectAccessible(page, `/admin/redirects at ${width} px`);
      await page.goto(`/blog/${OLD_SLUG}`);
      await waitForHydration(page);
      await poll(() => page.getByRole("heading", { level: 1, name: "This article has been removed" }).isVisible()).toBe(true);
      await shoot(page, `article-removed-410-${width}`);
      await expectAccessible(page, `410 page at ${width} px`);
      expect(jsErrors(page)).toEqual([]);
      await context.close();
    }
  });
});
