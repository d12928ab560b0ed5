import { describe, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments-core";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import type { Locator, Page } from "playwright-core";
import { expectAccessible } from "./learner-support.ts";
import { baseURL, DESKTOP, openPage, PHONE, useBrowser, waitForHydration, registerAccount } from "./support.ts";

const unique = () => `learner.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Registers through the API and stores the session the way the sign-up page does. */
async function signInAsNewLearner(page: Page): Promise<string> {
  const email = unique();
  const res = await registerAccount(baseURL(), { firstName: "Lena", lastName: "Fischer", email, password: "learner-pass" });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { token: string; user: unknown } };
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", JSON.stringify(user));
  }, data);
  return data.token;
}

type SeedLesson = { _id: string; slug: string; lessonNumber: number; title: string };

const lessonsOf = async (slug: string) =>
  ((await (await fetch(`${baseURL()}/api/v1/courses/${slug}/lessons`)).json()) as { data: { lessons: { data: SeedLesson[] } } }).data.lessons.data;

const asLearner = (path: string, token: string, method = "POST") =>
  fetch(`${baseURL()}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });

/** Whether two boxes on the screen overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe("learning area in the browser", () => {
  const browser = useBrowser();

  it("catalogue: category buttons filter, the search box filters (debounced, in the URL), pages move", async () => {
    const { page, context } = await openPage(browser(), "/learn/courses");
    await expect.poll(() => page.getByTestId("course-count").textContent()).toBe("14 courses");
    expect(await page.locator("#course-filtering article").count()).toBe(10);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator("#course-filtering article").count()).toBe(4);

    await page.getByRole("navigation", { name: "Course categories" }).getByRole("link", { name: "Real Estate" }).click();
    await page.waitForURL(/category=Real\+Estate/);
    await expect.poll(() => page.getByTestId("course-count").textContent()).toBe("3 courses");

    await page.getByRole("navigation", { name: "Course categories" }).getByRole("link", { name: "All Courses" }).click();
    await page.waitForURL((url) => url.search === "");
    await page.getByRole("searchbox", { name: "Search courses" }).fill("nft");
    // Filtered locally at once, then searched on the server after 500 ms.
    await expect.poll(() => page.locator("#course-filtering article").count()).toBeLessThan(10);
    await page.waitForURL(/search=nft/, { timeout: 5_000 });
    await expect.poll(() => page.getByTestId("course-count").textContent()).toMatch(/^\d courses? matching "nft"$/);
    await context.close();
  });

  it("a visitor who opens a course gets the Login Required dialog with sign-in and sign-up", async () => {
    const { page, context } = await openPage(browser(), "/learn/courses", { viewport: PHONE });
    await page.getByRole("button", { name: /^Start Course: Real Estate Tokenization Foundations/ }).click();
    const dialog = page.getByRole("dialog", { name: "Login Required" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText(LEARNING_MESSAGES.loginRequired).isVisible()).toBe(true);
    expect(await dialog.getByText(LEARNING_MESSAGES.loginRequiredNote).isVisible()).toBe(true);
    expect(await dialog.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      `/signin?redirect=${encodeURIComponent("/learn/course/real-estate-01-foundations")}`,
    );
    expect(await dialog.getByRole("link", { name: "Create Account" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it("track page: counts, Back to Catalog, and an unknown slug falls back to the first track", async () => {
    const { page, context } = await openPage(browser(), "/learn/track/real-estate-tokenization");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Real Estate Tokenization");
    expect(await page.getByTestId("track-course-count").textContent()).toBe("3");
    expect(await page.getByTestId("track-lesson-count").textContent()).toBe("30");
    expect(await page.locator("article").count()).toBe(3);
    await page.goto("/learn/track/1");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Real Estate Tokenization");
    await page.getByRole("link", { name: "Back to Catalog" }).click();
    await page.waitForURL("**/learn/courses");
    await context.close();
  });

  it("enrol, complete every lesson, see the Congratulations dialog point to the final assessment", async () => {
    const { page, context } = await openPage(browser(), "/learn/courses", { viewport: DESKTOP });
    const token = await signInAsNewLearner(page);
    const slug = "physical-assets-02-evaluation-and-operations";
    await page.goto(`/learn/course/${slug}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Enroll & Start Course" }).click();
    await expect.poll(() => page.getByText(LEARNING_MESSAGES.courseEnrolled).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Continue Course" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("course-progress").textContent()).toBe("0/8 completed (0%)");
    expect(await page.getByTestId("enrollment-count").textContent()).toMatch(/^[1-9]\d*\+ Students$/);

    // The first seven lessons through the API, as if done on another device.
    const lessons = (await (await fetch(`${baseURL()}/api/v1/courses/${slug}/lessons`)).json()).data.lessons.data as Array<{ _id: string; slug: string }>;
    for (const lesson of lessons.slice(0, 7)) {
      const res = await fetch(`${baseURL()}/api/v1/lessons/${lesson._id}/complete`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
    const last = lessons[7]!;
    await page.goto(`/learn/course/${slug}/lesson/${last.slug}`);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("curriculum-caption").textContent()).toBe("7 of 8 lessons completed");
    expect(await page.getByTestId("lesson-position").textContent()).toBe("Lesson 8 of 8");
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    const congrats = page.getByRole("dialog", { name: "Congratulations!" });
    await expect.poll(() => congrats.isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("lesson-progress").textContent()).toBe("100%");
    expect(await page.getByText(LEARNING_MESSAGES.lessonCompletedToast).isVisible()).toBe(true);

    // The course has a final assessment: the certificate follows a pass (e2e/assessments.e2e.ts).
    const next = congrats.getByRole("link", { name: "Take the final assessment" });
    await expect.poll(() => next.isVisible()).toBe(true);
    expect(await next.getAttribute("href")).toMatch(/^\/learn\/course\/[^/]+\/assessment$/);
    expect(await congrats.getByRole("button", { name: "Download Certificate" }).count()).toBe(0);
    expect(await congrats.getByRole("link", { name: "Back to Main Page" }).getAttribute("href")).toBe("/learn");
    const certificate = await fetch(`${baseURL()}/api/v1/courses/${slug}/certificate`, { headers: { authorization: `Bearer ${token}` } });
    expect(certificate.status).toBe(403);
    expect(((await certificate.json()) as { message: string }).message).toBe(LEARNING_MESSAGES.certificateNeedsPass);

    await page.goto(`/learn/course/${slug}`);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("button", { name: "Completed", exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("enrolling: the toast stays below the header, the assessment card follows at once, and one Continue Course opens the next lesson", async () => {
    const slug = "real-estate-02-deal-analysis";
    const [first] = await lessonsOf(slug);
    if (!first) throw new Error("the seeded course has no lessons");
    const { page, context } = await openPage(browser(), "/learn", { viewport: DESKTOP });
    await signInAsNewLearner(page);
    await page.goto(`/learn/course/${slug}`);
    await waitForHydration(page);
    const standing = page.getByTestId("assessment-standing");
    await expect.poll(() => standing.textContent()).toBe(ASSESSMENT_MESSAGES.notEnrolled);

    await page.getByRole("button", { name: "Enroll & Start Course" }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: LEARNING_MESSAGES.courseEnrolled });
    await expect.poll(() => toast.isVisible()).toBe(true);
    // Below the whole header, clear of the account menu.
    const header = page.getByRole("banner");
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(await header.evaluate((el) => el.getBoundingClientRect().bottom));
    expect(await overlaps(toast, page.getByRole("button", { name: /^Account menu for Lena/ }))).toBe(false);

    // The final assessment card follows the enrolment without a reload: locked until every lesson is done.
    await expect.poll(() => standing.textContent()).toMatch(/^Locked\. /);

    // The spec's move on enrolment: the lessons tab, the current lesson open.
    await expect.poll(() => page.getByRole("link", { name: "Open lesson" }).isVisible()).toBe(true);
    // One call to action, and it opens the next lesson.
    const cta = page.getByRole("link", { name: "Continue Course" });
    await expect.poll(() => cta.getAttribute("href")).toBe(`/learn/course/${slug}/lesson/${first.slug}`);
    expect(await page.getByRole("button", { name: "Continue Course" }).count()).toBe(0);
    expect(await page.getByTestId("resume-link").count()).toBe(0);
    expect(await page.getByTestId("next-lesson").textContent()).toBe(`Up next: Lesson 1 · ${first.title}`);
    await expectAccessible(page, "course page, just enrolled, 1280 px", { excludeToasts: true });
    await cta.click();
    await page.waitForURL(`**/learn/course/${slug}/lesson/${first.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(first.title);

    // What a lesson needs first comes before the lesson itself.
    const prerequisites = page.getByRole("heading", { name: "Prerequisites:" });
    const firstSection = page.locator(".prose-article h2").first();
    expect((await prerequisites.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan((await firstSection.boundingBox())?.y ?? 0);
    await context.close();
  });

  it("a phone's toasts appear below the header", async () => {
    const { page, context } = await openPage(browser(), "/learn", { viewport: PHONE });
    await signInAsNewLearner(page);
    await page.goto("/learn/course/real-estate-03-structuring-and-operations");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Enroll & Start Course" }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: LEARNING_MESSAGES.courseEnrolled });
    await expect.poll(() => toast.isVisible()).toBe(true);
    const header = page.getByRole("banner");
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(await header.evaluate((el) => el.getBoundingClientRect().bottom));
    expect(await overlaps(toast, page.getByRole("button", { name: "Open menu" }))).toBe(false);
    await expect.poll(() => page.getByRole("link", { name: "Continue Course" }).isVisible()).toBe(true);
    await expectAccessible(page, "course page, just enrolled, 390 px", { excludeToasts: true });
    await context.close();
  });

  it("Previous Lesson goes to the nearest lower-numbered lesson not completed, and is disabled when there is none", async () => {
    const slug = "real-estate-03-structuring-and-operations";
    const lessons = await lessonsOf(slug);
    const [l1, l2, l3, l4] = lessons as [SeedLesson, SeedLesson, SeedLesson, SeedLesson];
    const path = (lesson: SeedLesson) => `/learn/course/${slug}/lesson/${lesson.slug}`;
    const previous = (page: Page) => page.getByRole("link", { name: "Previous Lesson" });

    // A visitor has completed nothing: the lesson before.
    const { page, context } = await openPage(browser(), path(l3));
    expect(await previous(page).getAttribute("href")).toBe(path(l2));

    const token = await signInAsNewLearner(page);
    expect((await asLearner(`/courses/${slug}/enroll`, token)).status).toBe(201);
    for (const lesson of [l2, l3]) expect((await asLearner(`/lessons/${lesson._id}/complete`, token)).status).toBe(200);
    // Lessons 2 and 3 done: from lesson 4 (and from lesson 2) Previous skips to lesson 1.
    await page.goto(path(l4));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("curriculum-caption").textContent()).toBe(`2 of ${lessons.length} lessons completed`);
    await expect.poll(() => previous(page).getAttribute("href")).toBe(path(l1));
    await page.goto(path(l2));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("curriculum-caption").textContent()).toBe(`2 of ${lessons.length} lessons completed`);
    await expect.poll(() => previous(page).getAttribute("href")).toBe(path(l1));

    // Lesson 1 done as well: nothing lower is left, so Previous is disabled.
    expect((await asLearner(`/lessons/${l1._id}/complete`, token)).status).toBe(200);
    await page.goto(path(l4));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("curriculum-caption").textContent()).toBe(`3 of ${lessons.length} lessons completed`);
    await expect.poll(() => page.getByRole("button", { name: "Previous Lesson" }).isDisabled()).toBe(true);
    expect(await previous(page).count()).toBe(0);
    await context.close();
  });

  it("after the last lesson: no lesson is shown Current, and the footer, the dialog and the course card lead to the final assessment", async () => {
    const slug = "advanced-02-security-custody-infrastructure";
    const assessment = `/learn/course/${slug}/assessment`;
    const lessons = await lessonsOf(slug);
    const last = lessons.at(-1);
    if (!last) throw new Error("the seeded course has no lessons");
    const { page, context } = await openPage(browser(), "/learn", { viewport: DESKTOP });
    const token = await signInAsNewLearner(page);
    expect((await asLearner(`/courses/${slug}/enroll`, token)).status).toBe(201);
    for (const lesson of lessons.slice(0, -1)) expect((await asLearner(`/lessons/${lesson._id}/complete`, token)).status).toBe(200);

    // The learner's progress is held back until their completion has been answered: a click before
    // it arrives still completes the lesson, and the late answer does not put the old progress back.
    let release = () => {};
    const progressHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route(`**/api/v1/courses/*/lessons`, async (route) => {
      if (!held) {
        held = true;
        await progressHeld;
      }
      await route.continue();
    });
    await page.goto(`/learn/course/${slug}/lesson/${last.slug}`);
    await waitForHydration(page);
    const take = page.getByRole("link", { name: "Take the final assessment" });
    const completion = page.waitForResponse((r) => r.url().endsWith(`/lessons/${last._id}/complete`) && r.request().method() === "POST");
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    expect((await completion).status()).toBe(200);
    release();
    const congrats = page.getByRole("dialog", { name: "Congratulations!" });
    await expect.poll(() => congrats.getByRole("link", { name: "Take the final assessment" }).getAttribute("href")).toBe(assessment);
    expect(await congrats.getByRole("link", { name: "Back to Main Page" }).getAttribute("href")).toBe("/learn");
    await page.keyboard.press("Escape");
    await expect.poll(() => congrats.count()).toBe(0);
    // Where the learner is: the lesson's footer.
    await expect.poll(() => take.getAttribute("href")).toBe(assessment);
    await expectAccessible(page, "last lesson done, 1280 px", { excludeToasts: true });

    // The course page: every lesson completed, none still called Current.
    await page.goto(`/learn/course/${slug}`);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("course-progress").textContent()).toBe(`${lessons.length}/${lessons.length} completed (100%)`);
    const rows = page.getByRole("tabpanel", { name: "Course Lessons" }).getByRole("button");
    expect(await rows.count()).toBe(lessons.length);
    const texts = await rows.allTextContents();
    expect(texts.filter((t) => t.includes("Current"))).toEqual([]);
    expect(texts.every((t) => t.includes("Completed"))).toBe(true);
    const pageCount = await page.getByTestId("enrollment-count").textContent();
    expect(pageCount).toMatch(/^[1-9]\d*\+ Students$/);

    // The catalogue's card: the same count, and the final assessment as its button.
    await page.goto("/learn/courses?category=Advanced+Topics");
    await waitForHydration(page);
    const card = page.locator("article").filter({ has: page.locator(`a[href="/learn/course/${slug}"]`) });
    await expect.poll(() => card.getByRole("link", { name: /^Take the final assessment/ }).getAttribute("href")).toBe(assessment);
    expect(await card.getByTestId("course-students").textContent()).toBe(pageCount);
    await expectAccessible(page, "catalogue with a finished course, 1280 px");
    await context.close();
  });

  it("lesson page states: not found, login prompt for visitors, Enrollment Required for members", async () => {
    const { page, context } = await openPage(browser(), "/learn/course/real-estate-01-foundations/lesson/no-such-lesson");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(LEARNING_MESSAGES.lessonNotFound);
    expect(await page.getByRole("link", { name: "Back to Course" }).getAttribute("href")).toBe("/learn/course/real-estate-01-foundations");
    const missing = await fetch(`${baseURL()}/learn/course/no-such-course/lesson/1`);
    expect(missing.status).toBe(404);

    await page.goto("/learn/course/real-estate-01-foundations/lesson/2");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("SPVs, Title and Bankruptcy Remoteness");
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Login Required" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");

    await signInAsNewLearner(page);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    const required = page.getByRole("dialog", { name: "Enrollment Required" });
    await expect.poll(() => required.isVisible()).toBe(true);
    await required.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => required.count()).toBe(0);

    await page.getByRole("link", { name: "Next Lesson" }).click();
    await page.waitForURL(/lesson\/how-a-tokenized-property-is-valued/);
    await page.getByRole("link", { name: "Previous Lesson" }).click();
    await page.waitForURL(/lesson\/spvs-title/);
    await context.close();
  });

  it("phone: the curriculum opens as a drawer and the video waits behind a titled placeholder", async () => {
    const { page, context } = await openPage(browser(), "/learn/course/real-estate-01-foundations/lesson/1", { viewport: PHONE });
    expect(await page.getByRole("navigation", { name: "Curriculum" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Lessons" }).click();
    const drawer = page.getByRole("dialog");
    await expect.poll(() => drawer.getByRole("navigation", { name: "Curriculum" }).isVisible()).toBe(true);
    await drawer.getByRole("link", { name: /^3\. / }).click();
    await page.waitForURL(/lesson\/how-a-tokenized-property-is-valued/);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    const html = await (await fetch(`${baseURL()}/learn/course/real-estate-01-foundations/lesson/1`)).text();
    // The player itself loads only once the visitor allows it (e2e/embeds.e2e.ts).
    expect(html).toMatch(/data-video-placeholder="YouTube"/);
    expect(html).not.toContain("<iframe");
    await context.close();
  });
});
