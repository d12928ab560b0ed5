import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_CAMPAIGN_JOB, NEWSLETTER_SEND_JOB } from "../apps/server/src/features/newsletter/index.ts";
import { MAIL_JOB } from "../apps/server/src/lib/jobs/index.ts";
import { queueSettled } from "../apps/server/test/support/jobs.ts";
import { expectAccessible } from "./learner-support.ts";
import {
  localDateTime,
  utcBeside,
  signedInAdminPage,
  type AdminAccount,
  adminSessionToken,
  confirmedReader,
  createAdminOn,
  DESKTOP,
  type IsolatedServer,
  jsErrors,
  outboxMails,
  PHONE,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
  pageLoaderGone,
  callApi,
} from "./support.ts";

/*
 * The newsroom's calendar, as one story: an administrator in Paris writes a draft in the editor
 * (tags, an author from the picker, a body image with alt text), shares its preview link with a
 * signed-out reader, turns on the newsletter and schedules it a few seconds ahead. At its moment
 * it goes public by itself and its e-mail reaches the confirmed subscriber once; an edit makes a
 * revision, a new slug leaves a 301 behind, and the tag and author pages (and the sitemap) list
 * it. Its own server: its writes and e-mails would change what other files count.
 */

const SHOTS = process.env.CALENDAR_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-calendar-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Cleo", lastName: "Endar", email: `calendar.admin.${stamp}@example.com`, password: "calendar-pass-1" };
const ZONE = "Europe/Paris";
const READER = `calendar.reader.${stamp}@example.com`;
const AUTHOR = { name: `Noor Harbour ${stamp}`, slug: `noor-harbour-${stamp}` };
const TITLE = `Harbour bond opens ${stamp}`;
const NEW_TAG = `Harbour Bonds ${stamp}`;
const NEW_TAG_SLUG = `harbour-bonds-${stamp}`;
const ALT = "Container cranes over the harbour at dawn";
const SENTENCE = "The bond opens to investors on Monday morning.";
const EDITED = "The bond opens to investors on Tuesday morning.";

let server: IsolatedServer;
let token = "";
/** The story's article's address once renamed (step 6). */
let newSlug = "";
let authorId = "";
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely.
const api = (method: string, pathname: string, body?: unknown) => callApi<any>(server.url, method, pathname, body, token);

/** Signed in as the administrator, in Paris time, on `pathname` once its heading shows and the page is hydrated. */
async function adminPage(browser: Browser, pathname: string, heading: string, viewport: { width: number; height: number }) {
  const opened = await signedInAdminPage(browser, server, ADMIN, pathname, heading, viewport, { timezoneId: ZONE });
  await waitForHydration(opened.page);
  return opened;
}

/** A screenshot of the page once settled: no entry placeholder, no toast over the title. */
async function shoot(page: Page, name: string) {
  await pageLoaderGone(page);
  await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A photo-like JPEG on disk, for the file chooser. */
async function photoFile(): Promise<string> {
  const [width, height] = [1200, 675];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (((i / 3) % width) * 255) / width;
    pixels[i + 1] = (Math.floor(i / 3 / width) * 255) / height;
    pixels[i + 2] = 140;
  }
  const file = path.join(os.tmpdir(), `harbour-${stamp}.jpg`);
  writeFileSync(
    file,
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

/** The e-mails to the subscriber that carry the article. */
const articleMails = (slug: string) => outboxMails(server.dataDir).filter((m) => m.to.includes(READER) && m.subject === TITLE && m.text.includes(slug));

const settled = () => queueSettled(`sqlite:${path.join(server.dataDir, "app.db")}`, [ARTICLE_CAMPAIGN_JOB, NEWSLETTER_SEND_JOB, MAIL_JOB]);

async function saveChanges(page: Page) {
  await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  await page.getByRole("button", { name: "Save changes" }).click();
  await poll(() => page.getByText("Article saved").first().isVisible()).toBe(true);
}

describe("the newsroom calendar: draft, preview, schedule, newsletter, revision, new slug, tag and author pages", () => {
  const browser = useBrowser();
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startIsolatedServer();
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    token = await adminSessionToken(server, admin);
    // What the newsroom already has: an author on file and a confirmed subscriber.
    const author = await api("POST", "/admin/authors", { name: AUTHOR.name, slug: AUTHOR.slug, bio: "Writes about ports, bonds and the money between them." });
    expect(author.status).toBe(201);
    authorId = author.body.data._id;
    await confirmedReader(server, READER);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  it("takes one article from draft to scheduled to public, with its newsletter, history, redirect and pages", { timeout: 180_000 }, async () => {
    const opened = await adminPage(browser(), "/admin/articles/new", "New article", DESKTOP);
    const page = opened.page;
    context = opened.context;

    // 1. The draft, written in the editor.
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Excerpt").fill("A harbour authority's bond, on chain, for anyone from €100.");
    await page.getByLabel("Category").fill("Tokenization");
    await page.getByLabel("Tags").fill(`${NEW_TAG}, custody`);
    await page.getByRole("combobox", { name: /Authors/ }).selectOption({ label: AUTHOR.name });
    await poll(() => page.getByRole("list", { name: "Chosen authors, in byline order" }).getByText(AUTHOR.name).isVisible()).toBe(true);
    const body = page.getByLabel("Article text (Markdown)");
    await body.fill(`## Opening\n\n${SENTENCE} Orders are matched every hour.\n\n`);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert image" }).click();
    await (await chooser).setFiles(await photoFile());
    // The uploaded image goes in with its alt text selected: typing replaces it.
    await poll(() => body.inputValue()).toMatch(/!\[Describe the image\]\(\/media\/[^)]+\)/);
    await poll(() => body.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe("Describe the image");
    await page.keyboard.type(ALT);
    await poll(() => body.inputValue()).toContain(`![${ALT}](/media/`);
    await page.getByRole("button", { name: "Create article" }).click();
    await page.waitForURL((url) => /^\/admin\/articles\/(?!new$)[^/]+$/.test(url.pathname));
    const articleId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const stored = (await api("GET", `/admin/articles/${articleId}`)).body.data;
    expect(stored).toMatchObject({ status: "draft", tags: [NEW_TAG.toLowerCase(), "custody"], authors: [{ slug: AUTHOR.slug }] });
    expect(stored.content).toContain(`alt="${ALT}"`);
    const slug: string = stored.slug;
    expect(slug).toBe(`harbour-bond-opens-${stamp}`);
    expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(404);

    // 2. Its preview link, opened by someone signed out.
    const share = page.locator("section", { has: page.getByRole("heading", { name: "Share preview" }) });
    await share.getByRole("button", { name: "Create preview link" }).click();
    const linkBox = share.getByRole("textbox", { name: "Preview link" });
    await poll(() => linkBox.inputValue()).toMatch(/^https?:\/\/[^/]+\/preview\/[A-Za-z0-9_-]{43}$/);
    const link = await linkBox.inputValue();
    const outsider = await browser().newContext({ baseURL: server.url, viewport: PHONE, reducedMotion: "reduce" });
    const previewPage = await outsider.newPage();
    const previewed = await previewPage.goto(new URL(link).pathname);
    expect(previewed?.status()).toBe(200);
    expect(previewed?.headers()["x-robots-tag"]).toBe("noindex");
    await previewPage.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await poll(() => previewPage.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    expect(await previewPage.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await previewPage.getByRole("img", { name: ALT }).count()).toBe(1);

    // 3. The newsletter on, then a moment a few seconds ahead, read back in Paris and UTC.
    await page.getByRole("switch", { name: "Send to subscribers when published" }).click();
    await saveChanges(page);
    await poll(async () => (await api("GET", `/admin/articles/${articleId}`)).body.data.sendToSubscribers).toBe(true);
    const moment = new Date(Math.ceil((Date.now() + 9000) / 1000) * 1000);
    await page.getByLabel("Publish at").fill(localDateTime(moment, ZONE));
    const utc = utcBeside(moment, ZONE);
    await poll(() =>
      page
        .getByText(new RegExp(`Publishes .+ ${ZONE} \\(${utc} UTC\\)`))
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await poll(() => page.getByTestId("schedule-status").textContent()).toContain(`${ZONE} (${utc} UTC)`);
    // The editor's bar says it waits for its moment, not that it is a draft.
    await poll(() => page.getByText("scheduled: hidden until its moment (see Schedule)").isVisible()).toBe(true);
    expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(404);
    // The preview link still shows the scheduled article to the outsider.
    expect((await previewPage.reload())?.status()).toBe(200);
    await poll(() => previewPage.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    const list = await context.newPage();
    await list.goto("/admin/articles?status=scheduled");
    await poll(() => list.getByRole("link", { name: TITLE }).isVisible()).toBe(true);
    expect(
      await list
        .getByRole("row", { name: new RegExp(TITLE) })
        .getByText("Scheduled")
        .count(),
    ).toBeGreaterThan(0);
    await list.close();
    if (Date.now() < moment.getTime() - 300) expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(404);

    // 4. At the moment: public within 5 s, and one e-mail to the subscriber naming it.
    await poll(async () => (await fetch(`${server.url}/blog/${slug}`)).status, 30_000).toBe(200);
    expect(Date.now() - moment.getTime()).toBeLessThan(5000);
    await poll(() => articleMails(slug).length, 30_000).toBe(1);
    await settled();
    expect(articleMails(slug)).toHaveLength(1);
    // Published, the preview link leads to the public page.
    const previewAfter = await fetch(link, { redirect: "manual" });
    expect(previewAfter.status).toBe(302);
    expect(new URL(previewAfter.headers.get("location") ?? "", server.url).pathname).toBe(`/blog/${slug}`);

    // 5. An edit of one sentence, in the editor still open since the schedule: a revision with the changed words.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await page.getByRole("button", { name: "Edit current text as Markdown" }).click();
    await poll(() => body.inputValue()).toContain(SENTENCE);
    const markdown = await body.inputValue();
    expect(markdown).toContain(`![${ALT}](`);
    await body.fill(markdown.replace(SENTENCE, EDITED));
    await saveChanges(page);
    await page.getByRole("button", { name: "Show history" }).click();
    const revisions = page.getByRole("list", { name: "Revisions" });
    await poll(() => revisions.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    const diff = page.getByRole("region", { name: /^Changes from revision #\d+ to #\d+$/ });
    await poll(() => diff.locator("del").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("Monday")]));
    expect((await diff.locator("ins").allTextContents()).join(" ")).toContain("Tuesday");
    // The article stayed public and was not e-mailed again.
    expect((await api("GET", `/admin/articles/${articleId}`)).body.data.status).toBe("published");
    await settled();
    expect(articleMails(slug)).toHaveLength(1);

    // 6. A new slug: the old link answers 301 to the new one, which shows the article (without JavaScript too).
    newSlug = `harbour-bond-${stamp}`;
    await page.getByLabel("Slug").fill(newSlug);
    await saveChanges(page);
    await poll(async () => (await fetch(`${server.url}/blog/${newSlug}`)).status).toBe(200);
    const old = await fetch(`${server.url}/blog/${slug}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get("location") ?? "", server.url).pathname).toBe(`/blog/${newSlug}`);
    const plain = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: PHONE });
    const noScript = await plain.newPage();
    const visit = await noScript.goto(`/blog/${slug}`);
    expect(visit?.status()).toBe(200);
    expect((await visit?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(new URL(noScript.url()).pathname).toBe(`/blog/${newSlug}`);
    expect(await noScript.getByRole("heading", { level: 1, name: TITLE }).count()).toBe(1);
    expect(await noScript.locator("main").textContent()).toContain(EDITED);
    await plain.close();

    // The reader's article page, from the old link, with JavaScript: byline, image, edited text.
    await previewPage.goto(`/blog/${slug}`);
    await waitForHydration(previewPage);
    await poll(() => new URL(previewPage.url()).pathname).toBe(`/blog/${newSlug}`);
    await previewPage.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    expect(await previewPage.locator("header").getByRole("link", { name: AUTHOR.name }).count()).toBe(1);
    expect(await previewPage.getByRole("img", { name: ALT }).count()).toBe(1);
    expect(await previewPage.locator("main").textContent()).toContain(EDITED);
    expect(jsErrors(previewPage)).toEqual([]);
    await outsider.close();

    // 7. The tag's and the author's pages list it, and the sitemap lists both pages.
    for (const address of [`/blog/tag/${NEW_TAG_SLUG}`, `/blog/author/${AUTHOR.slug}`]) {
      const reader = await browser().newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: "reduce" });
      const tab = await reader.newPage();
      expect((await tab.goto(address))?.status(), address).toBe(200);
      await waitForHydration(tab);
      await poll(() => tab.getByRole("heading", { level: 2, name: TITLE }).isVisible()).toBe(true);
      expect(await tab.getByRole("link", { name: TITLE }).first().getAttribute("href")).toBe(`/blog/${newSlug}`);
      expect(jsErrors(tab)).toEqual([]);
      await reader.close();
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/blog/tag/${NEW_TAG_SLUG}</loc>`);
    expect(sitemap).toContain(`<loc>${server.url}/blog/author/${AUTHOR.slug}</loc>`);
    expect(sitemap).toContain(`<loc>${server.url}/blog/${newSlug}</loc>`);
    expect(sitemap).not.toContain(`<loc>${server.url}/blog/${slug}</loc>`);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
    context = undefined;
  });

  it("looks right and passes axe at 390 and 1280 px: the editor with every panel, the scheduled list, the article", { timeout: 180_000 }, async () => {
    expect(newSlug, "the story ran first").not.toBe("");
    const created = await api("POST", "/blogs", {
      title: `Port authority green bond ${stamp}`,
      excerpt: "A second issue from the harbour, for the quay's solar roofs.",
      category: "Tokenization",
      tags: [NEW_TAG, "green bonds"],
      authorIds: [authorId],
      markdown: "## Quay roofs\n\nThe second bond pays for solar roofs on the quay.",
      status: "draft",
      sendToSubscribers: true,
    });
    expect(created.status).toBe(201);
    const draftId: string = created.body.data._id;
    expect((await api("PUT", `/blogs/${draftId}`, { excerpt: "A second issue from the harbour, for the solar roofs of the quay." })).status).toBe(200);
    expect((await api("PUT", `/admin/articles/${draftId}/schedule`, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200);

    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { page, context: admin } = await adminPage(browser(), "/admin/articles", "Articles", viewport);
      await page.getByLabel("Status").selectOption("scheduled");
      await page.waitForURL((url) => url.searchParams.get("status") === "scheduled");
      await poll(() => page.getByRole("link", { name: `Port authority green bond ${stamp}` }).isVisible()).toBe(true);
      await shoot(page, `articles-scheduled-${width}`);
      await expectAccessible(page, `scheduled articles at ${width} px`);

      await page.getByRole("link", { name: `Port authority green bond ${stamp}` }).click();
      await page.getByRole("heading", { level: 1, name: `Port authority green bond ${stamp}` }).waitFor();
      await poll(() => page.getByTestId("schedule-status").isVisible()).toBe(true);
      await poll(() => page.getByRole("list", { name: "Chosen authors, in byline order" }).getByText(AUTHOR.name).isVisible()).toBe(true);
      const share = page.locator("section", { has: page.getByRole("heading", { name: "Share preview" }) });
      await share.getByRole("button", { name: "Create preview link" }).click();
      await poll(() => share.getByTestId("preview-link-row").count()).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Show history" }).click();
      await poll(() => page.getByRole("list", { name: "Revisions" }).getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
      await poll(() => page.getByRole("region", { name: /^Changes from revision #\d+ to #\d+$/ }).isVisible()).toBe(true);
      await shoot(page, `editor-all-panels-${width}`);
      await expectAccessible(page, `article editor at ${width} px`, { excludeToasts: true });
      expect(jsErrors(page)).toEqual([]);
      await admin.close();

      const reader = await browser().newContext({ baseURL: server.url, viewport, reducedMotion: "reduce" });
      const article = await reader.newPage();
      await article.goto(`/blog/${newSlug}`);
      await waitForHydration(article);
      await article.getByRole("heading", { level: 1, name: TITLE }).waitFor();
      await shoot(article, `article-${width}`);
      await expectAccessible(article, `article page at ${width} px`);
      await reader.close();
    }
  });
});
