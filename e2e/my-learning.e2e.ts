import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, gotoHydrated, learnerApi as api, learnerPage, passAssessment, rightAnswers, seedQuestions } from "./learner-support.ts";
import { baseURL, DESKTOP, jsErrors, PHONE, useBrowser, waitForHydration, registerAccount } from "./support.ts";

const MY_LEARNING = "/learn/my-learning";

// Courses no other browser test enrols in (they share one server and run in parallel).
const RESUMED = "nfts-02-nfts-for-real-world-assets";
const ALSO_IN_PROGRESS = "securities-01-tokenized-securities-basics";
const CERTIFIED = "securities-02-security-token-lifecycle";
const ASSESSMENT_PENDING = "physical-assets-01-foundations";

type LessonRow = { _id: string; slug: string; lessonNumber: number; title: string };

const json = async <T>(res: Response): Promise<T> => ((await res.json()) as { data: T }).data;

async function register(firstName: string) {
  const email = `my.learning.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await registerAccount(baseURL(), { firstName, lastName: "Okafor", email, password: "learner-pass" });
  expect(res.status).toBe(201);
  return { email, ...(await json<{ token: string; user: unknown }>(res)) };
}

/** Registers through the API and stores the session the way the sign-up page does. */
async function signInAsNewLearner(page: Page, firstName: string): Promise<string> {
  const { token, user } = await register(firstName);
  if (!page.url().startsWith("http")) await gotoHydrated(page, "/learn");
  await page.evaluate(
    (session) => {
      localStorage.setItem("token", session.token);
      localStorage.setItem("user", JSON.stringify(session.user));
    },
    { token, user },
  );
  return token;
}

const lessonsOf = async (slug: string) => (await json<{ lessons: { data: LessonRow[] } }>(await api(`/courses/${slug}/lessons`))).lessons.data;

async function enrol(token: string, slug: string) {
  expect((await api(`/courses/${slug}/enroll`, { method: "POST", token })).status).toBe(201);
}

async function completeEveryLesson(token: string, slug: string) {
  for (const lesson of await lessonsOf(slug)) expect((await api(`/lessons/${lesson._id}/complete`, { method: "POST", token })).status).toBe(200);
}

describe("My learning in the browser", () => {
  const browser = useBrowser();

  it("lists the course last opened first with its resume link; the course page's Continue Course and /learn offer the same; finished courses show the certificate or the assessment", async () => {
    const { page, context } = await learnerPage(browser(), DESKTOP);
    const visits: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/v1/me/lessons/")) visits.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, "/learn");
    const token = await signInAsNewLearner(page, "Chidi");
    const resumed = await lessonsOf(RESUMED);
    const course = await json<{ _id: string; title: string; category: string }>(await api(`/courses/${RESUMED}`));
    const third = resumed.find((l) => l.lessonNumber === 3);
    const fifth = (await lessonsOf(ALSO_IN_PROGRESS)).find((l) => l.lessonNumber === 5);
    if (!third || !fifth) throw new Error("seed courses are shorter than expected");

    // Finished courses, through the API: one with its assessment passed (a certificate), one without.
    await enrol(token, ASSESSMENT_PENDING);
    await completeEveryLesson(token, ASSESSMENT_PENDING);
    await enrol(token, CERTIFIED);
    await completeEveryLesson(token, CERTIFIED);
    const code = await passAssessment(token, CERTIFIED);
    // Another course in progress, last opened at lesson 5 (as if on another device).
    await enrol(token, ALSO_IN_PROGRESS);
    expect((await api(`/me/lessons/${fifth._id}/visit`, { method: "POST", token })).status).toBe(204);

    // A lesson of a course the learner has not enrolled in: nothing is recorded.
    const progressRead = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/courses/${course._id}/lessons`) && r.request().headers().authorization !== undefined,
    );
    await gotoHydrated(page, `/learn/course/${RESUMED}/lesson/2`);
    expect((await progressRead).status()).toBe(200);
    await expect.poll(() => page.getByRole("button", { name: "Mark as Complete" }).isVisible()).toBe(true);
    // The learner's standing is known by now; the list of visits is checked whole at the end too.
    expect(visits).toEqual([]);

    // Enrol through the course page; Continue Course opens the first lesson until one is opened.
    await gotoHydrated(page, `/learn/course/${RESUMED}`);
    await page.getByRole("button", { name: "Enroll & Start Course" }).click();
    const continueCourse = page.getByRole("link", { name: "Continue Course" });
    await expect.poll(() => continueCourse.getAttribute("href")).toBe(`/learn/course/${RESUMED}/lesson/${resumed[0]?.slug}`);
    expect(await page.getByTestId("next-lesson").textContent()).toBe(`Up next: Lesson 1 · ${resumed[0]?.title}`);

    // Lesson 3, opened from the course's lesson list: the visit is recorded.
    await page.getByRole("button", { name: new RegExp(`^3\\. ${third.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }).click();
    const recorded = page.waitForResponse((r) => r.url().endsWith(`/api/v1/me/lessons/${third._id}/visit`) && r.request().method() === "POST");
    await page.getByRole("link", { name: "Open lesson" }).click();
    await page.waitForURL(`**/learn/course/${RESUMED}/lesson/${third.slug}`);
    expect((await recorded).status()).toBe(204);
    expect(await page.getByTestId("lesson-position").textContent()).toBe(`Lesson 3 of ${resumed.length}`);

    // Elsewhere, then My learning from the profile chip's menu.
    await gotoHydrated(page, "/articles");
    await page.getByRole("button", { name: /^Account menu for Chidi/ }).click();
    await page.getByRole("menuitem", { name: "My learning" }).click();
    await page.waitForURL(`**${MY_LEARNING}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("My learning");

    const inProgress = page.getByTestId("in-progress-course");
    await expect.poll(() => inProgress.count()).toBe(2);
    expect(await inProgress.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-course")))).toEqual([RESUMED, ALSO_IN_PROGRESS]);
    const first = inProgress.first();
    expect(await first.getByRole("heading", { level: 3 }).textContent()).toBe(course.title);
    expect(await first.getByTestId("course-category").textContent()).toBe(course.category);
    expect(await first.getByTestId("progress-label").textContent()).toBe(`0/${resumed.length} lessons · 0%`);
    const resumeLink = first.getByRole("link", { name: `Resume: Lesson 3 · ${third.title}` });
    expect(await resumeLink.getAttribute("href")).toBe(`/learn/course/${RESUMED}/lesson/${third.slug}`);
    expect(
      await inProgress
        .nth(1)
        .getByRole("link", { name: /^Resume: / })
        .textContent(),
    ).toBe(`Resume: Lesson 5 · ${fifth.title}`);

    // Completed: the certificate (with the score), and the assessment still to pass.
    const completed = page.getByTestId("completed-course");
    expect(await completed.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-course")))).toEqual([CERTIFIED, ASSESSMENT_PENDING]);
    const certified = page.locator(`[data-testid="completed-course"][data-course="${CERTIFIED}"]`);
    expect(await certified.getByRole("link", { name: /^View certificate/ }).getAttribute("href")).toBe(`/learn/certificates/${code}`);
    expect(await certified.getByTestId("certificate-score").textContent()).toBe("Score 100 %");
    expect(await certified.getByTestId("progress-label").textContent()).toMatch(/^(\d+)\/\1 lessons · 100%$/);
    const pending = page.locator(`[data-testid="completed-course"][data-course="${ASSESSMENT_PENDING}"]`);
    expect(await pending.getByRole("link", { name: /^Take the final assessment/ }).getAttribute("href")).toBe(`/learn/course/${ASSESSMENT_PENDING}/assessment`);
    expect(await pending.getByRole("link", { name: /^View certificate/ }).count()).toBe(0);
    // No placement quiz taken: no placement card, and no empty state.
    expect(await page.getByTestId("placement-summary").count()).toBe(0);
    expect(await page.getByTestId("my-learning-empty").count()).toBe(0);
    // The learn bar's link for members, marked as the current page.
    const barLink = page.getByRole("navigation", { name: "Learning area" }).getByRole("link", { name: "My learning" });
    expect(await barLink.getAttribute("aria-current")).toBe("page");
    await expectAccessible(page, "My learning, 1280 px");

    // The resume link opens that lesson.
    const recordedAgain = page.waitForResponse((r) => r.url().endsWith(`/api/v1/me/lessons/${third._id}/visit`) && r.request().method() === "POST");
    await resumeLink.click();
    await page.waitForURL(`**/learn/course/${RESUMED}/lesson/${third.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(third.title);
    expect((await recordedAgain).status()).toBe(204);

    // The course page's one call to action opens the same lesson.
    await gotoHydrated(page, `/learn/course/${RESUMED}`);
    await expect.poll(() => continueCourse.getAttribute("href")).toBe(`/learn/course/${RESUMED}/lesson/${third.slug}`);
    expect(await page.getByTestId("next-lesson").textContent()).toBe(`Up next: Lesson 3 · ${third.title}`);
    expect(await page.getByTestId("resume-link").count()).toBe(0);

    // The learning home's strip: the course opened last.
    await gotoHydrated(page, "/learn");
    const strip = page.getByTestId("continue-strip");
    await expect.poll(() => strip.getByRole("heading", { level: 2 }).textContent()).toBe("Continue where you left off");
    expect(await strip.getByRole("link", { name: course.title, exact: true }).getAttribute("href")).toBe(`/learn/course/${RESUMED}`);
    expect(await strip.getByRole("link", { name: `Resume: Lesson 3 · ${third.title}` }).getAttribute("href")).toBe(
      `/learn/course/${RESUMED}/lesson/${third.slug}`,
    );
    expect(await strip.getByRole("link", { name: "All my learning" }).getAttribute("href")).toBe(MY_LEARNING);
    // The spec'd hero stays first and unchanged.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("The Tokenization Education Hub");

    // Only lesson 3 of the enrolled course was ever recorded from the browser (twice: opened, resumed).
    expect(visits).toEqual([`/api/v1/me/lessons/${third._id}/visit`, `/api/v1/me/lessons/${third._id}/visit`]);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
    // Four courses, three of them finished through the API, and seven pages: more than one page's journey.
  }, 120_000);

  it("signed out, My learning sends to sign-in and back; a fresh learner gets the empty state, then their placement result", async () => {
    const { page, context } = await learnerPage(browser(), PHONE);
    const { email, token } = await register("Ngozi");

    // The shared HTML carries nothing personal and is kept out of search engines.
    const html = await (await fetch(`${baseURL()}${MY_LEARNING}`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).not.toContain("Ngozi");

    // Visitors: no link in the learn bar, no strip on /learn.
    await gotoHydrated(page, "/learn");
    expect(await page.getByRole("navigation", { name: "Learning area" }).getByRole("link", { name: "Learn", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Learning area" }).getByRole("link", { name: "My learning" }).count()).toBe(0);
    expect(await page.getByTestId("continue-strip").count()).toBe(0);

    await gotoHydrated(page, MY_LEARNING);
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("redirect") === MY_LEARNING);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("learner-pass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`**${MY_LEARNING}`);

    const empty = page.getByTestId("my-learning-empty");
    await expect.poll(() => empty.getByRole("heading", { level: 2 }).textContent()).toBe("You have not started a course yet");
    expect(await empty.getByRole("link", { name: "Browse courses" }).getAttribute("href")).toBe("/learn/courses");
    expect(await empty.getByRole("link", { name: "Take the placement quiz" }).getAttribute("href")).toBe("/learn/placement");
    expect(await page.getByTestId("in-progress").count()).toBe(0);
    expect(await page.getByTestId("completed").count()).toBe(0);
    // On a phone the learn bar keeps the link as an icon, named for screen readers.
    expect(await page.getByRole("navigation", { name: "Learning area" }).getByRole("link", { name: "My learning" }).isVisible()).toBe(true);
    await expectAccessible(page, "My learning, empty, 390 px");
    // The slide-in menu lists it too, for members.
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect.poll(() => menu.getByRole("link", { name: "My learning" }).getAttribute("href")).toBe(MY_LEARNING);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);

    // The placement quiz, taken with every answer right: its recommendation shows, the quiz link goes.
    const quiz = await json<{ questions: Array<{ id: string; options: Array<{ id: string; text: string }> }> }>(await api("/placement"));
    const graded = await api("/placement", {
      method: "POST",
      token,
      body: { answers: rightAnswers(quiz.questions, seedQuestions("apps/server/src/features/assessments/seed/placement.yaml")) },
    });
    expect(graded.status).toBe(200);
    const result = await json<{ recommendation: { trackTitle: string; trackSlug: string; courseSlug: string | null; courseTitle: string | null } }>(graded);
    await page.reload();
    await waitForHydration(page);
    const placement = page.getByTestId("placement-summary");
    await expect.poll(() => placement.getByTestId("placement-track").textContent()).toBe(result.recommendation.trackTitle);
    expect(await placement.getByRole("link", { name: result.recommendation.trackTitle }).getAttribute("href")).toBe(
      `/learn/track/${result.recommendation.trackSlug}`,
    );
    if (result.recommendation.courseSlug) {
      expect(await placement.getByRole("link", { name: `Start with ${result.recommendation.courseTitle}` }).getAttribute("href")).toBe(
        `/learn/course/${result.recommendation.courseSlug}`,
      );
    }
    expect(await placement.getByRole("link", { name: "Retake the quiz" }).getAttribute("href")).toBe("/learn/placement");
    expect(await empty.getByRole("link", { name: "Take the placement quiz" }).count()).toBe(0);
    expect(await empty.getByRole("link", { name: "Browse courses" }).isVisible()).toBe(true);
    await expectAccessible(page, "My learning, empty with a placement result, 390 px");

    // When the server fails: its message and a way to try again, which then shows the page.
    await page.route("**/api/v1/me/learning", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "Service temporarily unavailable" }) }),
    );
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("We could not load your courses. Service temporarily unavailable");
    await page.unroute("**/api/v1/me/learning");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => placement.getByTestId("placement-track").textContent()).toBe(result.recommendation.trackTitle);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
