import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AdminAccount,
  adminSessionToken,
  callApi,
  createAdminOn,
  DESKTOP,
  jsErrors,
  PHONE,
  pageLoaderGone,
  sharedServer,
  signedInAdminPage,
  useBrowser,
  waitForHydration,
} from "./support.ts";

/*
 * Preview links: an administrator makes a secret link to a draft article in its editor, a
 * signed-out browser opens it and sees the draft with the preview banner (and without JavaScript,
 * from the server alone), never indexed; once revoked, the link shows the not-valid page. A draft
 * course and a lesson of it are shared the same way, and their previews offer nothing that writes.
 */

const SHOTS = process.env.PREVIEW_SHOTS_DIR ?? "/work/notes/shots/preview";
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Pia", lastName: "View", email: `previews.admin.${stamp}@example.com`, password: "preview-pass-12" };
const TITLE = `Custody before settlement ${stamp}`;
const server = sharedServer();
let articleId = "";
let adminToken = "";

/** An API call as the administrator; fails the test unless answered with `status`. */
async function asAdmin<T>(method: string, apiPath: string, body: unknown, status: number): Promise<T> {
  const answer = await callApi<T>(server.url, method, apiPath, body, adminToken);
  expect(answer.status, `${method} ${apiPath}`).toBe(status);
  return answer.body.data;
}

/** Checks the headers a preview answer carries: never indexed, never cached. */
function expectPrivate(headers: Record<string, string>) {
  expect(headers["x-robots-tag"]).toBe("noindex");
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-page-cache"]).not.toBe("hit");
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe("preview links", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    adminToken = await adminSessionToken(server, admin);
    const article = await asAdmin<{ _id: string }>(
      "POST",
      "/blogs",
      {
        title: TITLE,
        excerpt: "Who holds the asset while the trade settles.",
        category: "Tokenization",
        author: { name: "Pia View" },
        markdown: "## Custody\n\nThe draft's own words.",
        status: "draft",
      },
      201,
    );
    articleId = article._id;
  });

  it("shares a draft article with a signed-out reader until the link is revoked", async () => {
    const { page: admin, context: adminContext } = await signedInAdminPage(browser(), server, ADMIN, `/admin/articles/${articleId}`, TITLE, DESKTOP);
    const panel = admin.locator("section", { has: admin.getByRole("heading", { name: "Share preview" }) });
    await panel.getByLabel("Link works for").selectOption("1d");
    await panel.getByRole("button", { name: "Create preview link" }).click();
    const link = await panel.getByRole("textbox", { name: "Preview link" }).inputValue();
    expect(link).toMatch(/^https?:\/\/[^/]+\/preview\/[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => panel.getByTestId("preview-link-row").count()).toBe(1);
    await panel.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shoot(admin, "admin-share-preview-1280");
    await admin.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await shoot(admin, "admin-share-preview-390");
    await admin.setViewportSize(DESKTOP);

    // A reader without an account.
    const address = new URL(link).pathname;
    const reader = await browser().newContext({ baseURL: server.url, viewport: DESKTOP });
    const page = await reader.newPage();
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    expectPrivate(response?.headers() ?? {});
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await expect.poll(() => page.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    // Nothing in a preview writes: no like button, no newsletter form.
    expect(await page.getByRole("button", { name: /like/i }).count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await shoot(page, "preview-article-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "preview-article-390");

    // Without JavaScript the server alone renders it.
    const plain = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: PHONE });
    const noScript = await plain.newPage();
    expect((await noScript.goto(address))?.status()).toBe(200);
    expect(await noScript.getByRole("heading", { level: 1, name: TITLE }).count()).toBe(1);
    expect(await noScript.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    expect(await noScript.locator("main, body").first().textContent()).toContain("The draft's own words.");

    // The administrator revokes it: the same address now shows the not-valid page.
    await panel.getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => panel.getByTestId("preview-link-row").first().textContent()).toContain("Revoked");
    const after = await noScript.goto(address);
    expect(after?.status()).toBe(404);
    expect(await noScript.getByTestId("preview-not-valid").textContent()).toContain("This preview link is not valid or has expired.");
    expect(await noScript.getByRole("heading", { level: 1, name: TITLE }).count()).toBe(0);
    await shoot(noScript, "preview-not-valid-390");
    await noScript.setViewportSize(DESKTOP);
    await shoot(noScript, "preview-not-valid-1280");

    await Promise.all([plain.close(), reader.close(), adminContext.close()]);
  });

  it("shares a draft course and a lesson of it, with nothing in them that writes", async () => {
    const COURSE = `Reading a custody report ${stamp}`;
    const course = await asAdmin<{ _id: string; slug: string }>(
      "POST",
      "/courses",
      {
        title: COURSE,
        description: "What a custodian's quarterly report says, and what to check in it before you buy.",
        category: "Advanced Topics",
        difficulty: "Intermediate",
        status: "draft",
      },
      201,
    );
    const lessons: string[] = [];
    for (const [title, words] of [
      ["Who signs the report", "The custodian signs, and an auditor attests to what it holds."],
      ["Matching holdings to tokens", "Count the units the report names and compare them with the tokens issued."],
    ]) {
      const lesson = await asAdmin<{ _id: string }>(
        "POST",
        "/lessons",
        { courseId: course._id, title, markdown: `## ${title}\n\n${words}`, duration: "12 min" },
        201,
      );
      lessons.push(lesson._id);
    }
    const courseLink = await asAdmin<{ url: string }>("POST", "/admin/previews", { kind: "course", subjectId: course._id, lifetime: "1d" }, 201);
    const lessonLink = await asAdmin<{ url: string }>("POST", "/admin/previews", { kind: "lesson", subjectId: lessons[1], lifetime: "1d" }, 201);
    const coursePath = new URL(courseLink.url).pathname;
    const lessonPath = new URL(lessonLink.url).pathname;

    const reader = await browser().newContext({ baseURL: server.url, viewport: DESKTOP });
    const page = await reader.newPage();
    const courseAnswer = await page.goto(coursePath);
    expect(courseAnswer?.status()).toBe(200);
    expectPrivate(courseAnswer?.headers() ?? {});
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: COURSE }).waitFor();
    expect(await page.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    const listed = page.getByRole("region", { name: "Course Lessons" }).getByRole("listitem");
    await expect
      .poll(() => listed.allTextContents())
      .toEqual([expect.stringContaining("1. Who signs the report"), expect.stringContaining("2. Matching holdings to tokens")]);
    expect(await page.getByText("Enrolment opens when the course is published.").count()).toBe(1);
    // No enrolment, and no link to the course's public address, which does not exist yet.
    expect(await page.getByRole("button", { name: /enrol/i }).count()).toBe(0);
    expect(await page.locator(`a[href*="${course.slug}"]`).count()).toBe(0);
    expect((await fetch(`${server.url}/learn/courses/${course.slug}`)).status).toBe(404);
    expect(jsErrors(page)).toEqual([]);
    await pageLoaderGone(page);
    await shoot(page, "preview-course-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "preview-course-390");

    const lessonAnswer = await page.goto(lessonPath);
    expect(lessonAnswer?.status()).toBe(200);
    expectPrivate(lessonAnswer?.headers() ?? {});
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Matching holdings to tokens" }).waitFor();
    expect(await page.getByText("Lesson 2 of 2").count()).toBe(1);
    expect(await page.getByText("Count the units the report names").count()).toBe(1);
    expect(await page.getByRole("button", { name: /complete/i }).count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await pageLoaderGone(page);
    await shoot(page, "preview-lesson-390");
    await page.setViewportSize(DESKTOP);
    // The curriculum beside the text marks the lesson shown.
    expect(await page.getByRole("navigation", { name: "Curriculum" }).locator('[aria-current="page"]').textContent()).toContain("Matching holdings to tokens");
    await shoot(page, "preview-lesson-1280");

    // Without JavaScript the server alone renders both.
    const plain = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: PHONE });
    const noScript = await plain.newPage();
    expect((await noScript.goto(coursePath))?.status()).toBe(200);
    expect(await noScript.getByRole("heading", { level: 1, name: COURSE }).count()).toBe(1);
    expect(await noScript.locator("main, body").first().textContent()).toContain("Matching holdings to tokens");
    expect((await noScript.goto(lessonPath))?.status()).toBe(200);
    expect(await noScript.locator("main, body").first().textContent()).toContain("Count the units the report names");
    await Promise.all([plain.close(), reader.close()]);
  });
});
