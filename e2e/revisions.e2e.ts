import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, learnerPage, signInAsNewLearner } from "./learner-support.ts";
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
  callApi,
} from "./support.ts";

/*
 * Revisions: an administrator edits an article twice in the console, opens its history, compares
 * the first and the last revision word by word and restores the first. A learner who completed a
 * lesson before it was edited sees it marked "Updated" on the course page, the lesson page and My
 * learning. Its own server: its writes would change what other files count on the shared one.
 */

/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.REVISION_SHOTS_DIR ?? path.join(process.env.TMPDIR ?? "/tmp", "vestin-revisions-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Vera", lastName: "Version", email: `revisions.admin.${stamp}@example.com`, password: "revision-pass-1" };
const TITLE = `Custody in plain words ${stamp}`;

let server: IsolatedServer;
let token = "";
let articleId = "";
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely.
const api = (method: string, pathname: string, body?: unknown, bearer = token) => callApi<any>(server.url, method, pathname, body, bearer);

async function shoot(page: Page, name: string) {
  await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe("revisions: history, diff, restore, and updated lessons", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    token = await adminSessionToken(server, admin);
    const created = await api("POST", "/blogs", {
      title: TITLE,
      excerpt: "Who holds the keys to a tokenized fund.",
      category: "Tokenization",
      author: { name: "Vera Version" },
      markdown: "## Keys\n\nA custodian keeps the keys in cold storage.",
    });
    expect(created.status).toBe(201);
    articleId = created.body.data._id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("keeps each save, shows the changed words between two revisions, and restores the first", async () => {
    const { page, context } = await signedInAdminPage(browser(), server, ADMIN, "/admin/articles", "Articles", DESKTOP);
    await page.goto(`/admin/articles/${articleId}`);
    await waitForHydration(page);
    const excerpt = page.getByLabel("Excerpt");
    await poll(() => excerpt.inputValue()).toBe("Who holds the keys to a tokenized fund.");
    for (const text of ["Who guards the keys to a tokenized fund.", "Who guards the vaults of a tokenized fund."]) {
      await excerpt.fill(text);
      await page.getByRole("button", { name: "Save changes" }).click();
      await poll(() => page.getByText("Article saved").first().isVisible()).toBe(true);
      await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
    }

    await page.getByRole("button", { name: "Show history" }).click();
    const revisions = page.getByRole("list", { name: "Revisions" });
    await poll(() => revisions.getByRole("listitem").count()).toBe(3);
    await expect(revisions.getByText(ADMIN.email).count()).resolves.toBe(3);
    // The two newest are compared first; ticking #1 replaces the earlier of them.
    await page.getByLabel("Compare revision #1").check();
    const diff = page.getByRole("region", { name: "Changes from revision #1 to #3" });
    await poll(() => diff.locator("del").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("holds")]));
    expect((await diff.locator("ins").allTextContents()).join(" ")).toContain("guards");
    expect((await diff.locator("ins").allTextContents()).join(" ")).toContain("vaults");
    await shoot(page, "article-history-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "article-history-390");
    await page.setViewportSize(DESKTOP);

    await page.getByRole("button", { name: "Restore revision #1" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Restore" }).click();
    await poll(() => page.getByText("Restored from #1").first().isVisible()).toBe(true);
    await poll(() => excerpt.inputValue()).toBe("Who holds the keys to a tokenized fund.");
    await poll(() => revisions.getByRole("listitem").count()).toBe(4);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
    expect((await api("GET", `/admin/articles/${articleId}`)).body.data.excerpt).toBe("Who holds the keys to a tokenized fund.");
  });

  it("marks a lesson edited after a learner completed it as updated, for that learner", async () => {
    const course = await api("POST", "/courses", {
      title: `Settlement basics ${stamp}`,
      description: "How a trade settles.",
      category: "Advanced Topics",
      difficulty: "Beginner",
    });
    expect(course.status).toBe(201);
    const { slug: courseSlug, _id: courseId } = course.body.data;
    const lessons = [];
    for (const n of [1, 2]) {
      const res = await api("POST", "/lessons", { courseId, title: `Settlement step ${n}`, markdown: `## Step ${n}\n\nText.`, duration: "10 min" });
      expect(res.status).toBe(201);
      lessons.push(res.body.data as { _id: string; slug: string });
    }
    const [first] = lessons as [{ _id: string; slug: string }];

    const { page, context } = await learnerPage(browser(), DESKTOP, server.url);
    const learner = await signInAsNewLearner(page, "Lena", "Reader", server.url);
    expect((await api("POST", `/courses/${courseId}/enroll`, undefined, learner)).status).toBe(201);
    expect((await api("POST", `/lessons/${first._id}/complete`, undefined, learner)).status).toBe(200);
    expect((await api("PUT", `/lessons/${first._id}`, { markdown: "## Step 1\n\nCorrected text." })).status).toBe(200);

    await gotoHydrated(page, `/learn/course/${courseSlug}`);
    const firstLesson = page.getByRole("button", { name: /1\. Settlement step 1/ });
    await poll(() => firstLesson.getByTestId("updated-badge").isVisible()).toBe(true);
    await expect(
      page
        .getByRole("button", { name: /2\. Settlement step 2/ })
        .getByTestId("updated-badge")
        .count(),
    ).resolves.toBe(0);
    await shoot(page, "course-updated-1280");

    await gotoHydrated(page, `/learn/course/${courseSlug}/lesson/${first.slug}`);
    await poll(() => page.getByTestId("updated-notice").textContent()).toMatch(/^Updated since you completed it on .+\. Your completion still counts/);
    await shoot(page, "lesson-updated-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "lesson-updated-390");

    await gotoHydrated(page, "/learn/my-learning");
    const updated = page.getByTestId("updated-lessons");
    await poll(() => updated.getByRole("link", { name: "Lesson 1 · Settlement step 1" }).isVisible()).toBe(true);
    await shoot(page, "my-learning-updated-390");
    await page.setViewportSize(DESKTOP);
    await shoot(page, "my-learning-updated-1280");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
