import { describe, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments";
import {
  answerQuestion,
  learnerApi as api,
  enrolAndComplete,
  expectAccessible,
  gotoHydrated,
  learnerPage,
  type SeedQuestion,
  seedAssessment,
  seedQuestionOf,
  signInAsNewLearner,
} from "./learner-support.ts";
import {
  type AdminAccount,
  adminSessionToken,
  baseURL,
  createAdminOn,
  DESKTOP,
  jsErrors,
  PHONE,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
} from "./support.ts";

const COURSE = "real-estate-01-foundations";

describe("assessments in the browser", () => {
  const browser = useBrowser();

  it("locked until every lesson is done; fails, retries, passes; the certificate shows the score and the LinkedIn link", async () => {
    const seed = seedAssessment(COURSE);
    const { page, context } = await learnerPage(browser());
    await gotoHydrated(page, "/learn");
    const token = await signInAsNewLearner(page, "Amira", "Haddad");
    const lessons = await enrolAndComplete(token, COURSE, 1);
    // Each attempt draws its own questions from the bank: the page shows which, the seed has the answers.
    const rules = ((await (await api(`/courses/${COURSE}/assessment`)).json()) as { data: { questionCount: number } }).data;
    const total = rules.questionCount;
    expect(seed.questions.length).toBeGreaterThanOrEqual(2 * total);
    const lessonTitles = ((await (await api(`/courses/${COURSE}/lessons`)).json()) as { data: { lessons: { data: Array<{ slug: string; title: string }> } } })
      .data.lessons.data;

    // The course card: locked with one lesson to go.
    await gotoHydrated(page, `/learn/course/${COURSE}`);
    const card = page.getByTestId("assessment-card");
    expect(await card.getByRole("heading", { level: 2, name: "Final assessment" }).isVisible()).toBe(true);
    expect(await card.locator('[data-fact="Questions"]').textContent()).toBe(`${total} questions`);
    expect(await card.locator('[data-fact="Pass mark"]').textContent()).toBe(`${seed.passMark} %`);
    expect(await card.locator('[data-fact="Attempts"]').textContent()).toBe(`${seed.maxAttempts} attempts per 24 hours`);
    await expect.poll(() => card.locator('[data-state="locked"]').textContent()).toBe(`Locked. ${ASSESSMENT_MESSAGES.locked} 1 lesson to go.`);
    expect(await card.getByRole("link", { name: "Take the assessment" }).count()).toBe(0);

    // The last lesson, completed in the page: the Congratulations dialog leads on to the assessment.
    const n = lessons.length;
    await expect.poll(() => page.getByTestId("course-progress").textContent()).toBe(`${n - 1}/${n} completed (${Math.round((100 * (n - 1)) / n)}%)`);
    await page.getByRole("tab", { name: "Lesson Viewer" }).click();
    await expect.poll(() => page.getByText(new RegExp(`^Lesson ${n} of ${n} ·`)).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    const congrats = page.getByRole("dialog", { name: "Congratulations!" });
    await expect.poll(() => congrats.getByRole("link", { name: "Take the final assessment" }).isVisible()).toBe(true);
    expect(await congrats.textContent()).toContain("Your certificate follows when you pass the final assessment.");
    expect(await congrats.getByRole("button", { name: "Download Certificate" }).count()).toBe(0);
    expect(await congrats.getByRole("link", { name: "Back to Main Page" }).getAttribute("href")).toBe("/learn");
    await page.keyboard.press("Escape");
    // The card heard about the completed lesson: the assessment is open.
    await expect.poll(() => card.getByRole("link", { name: "Take the assessment" }).getAttribute("href")).toBe(`/learn/course/${COURSE}/assessment`);

    // Start screen: the rules, no attempts yet.
    await card.getByRole("link", { name: "Take the assessment" }).click();
    await page.waitForURL(`**/learn/course/${COURSE}/assessment`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Final assessment");
    await expect.poll(() => page.getByText("No attempts yet.").isVisible()).toBe(true);
    // The time rule is said once, with no "No time limit" beside it.
    const intro = page.getByRole("region", { name: "Before you start" });
    expect(await intro.locator('[data-fact="Time to answer"]').textContent()).toBe("2 hours");
    const introText = (await page.locator("main").textContent()) ?? "";
    expect(introText).not.toMatch(/no time limit/i);
    expect(introText.match(/2 hours/g) ?? []).toHaveLength(1);
    expect(await intro.textContent()).toContain(
      "The right answers and explanations are shown once you pass, or once you have used all 3 attempts of the window.",
    );
    expect(await page.title()).toMatch(/^Final assessment · Real Estate Tokenization Foundations \| Vestin$/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectAccessible(page, "assessment start");
    await page.getByRole("button", { name: "Start the assessment" }).click();

    // First attempt: everything wrong, the last question left blank.
    await page.waitForURL(/assessment\?attempt=/);
    const firstAttempt = new URL(page.url()).searchParams.get("attempt");
    const fieldsets = page.locator("form fieldset");
    await expect.poll(() => fieldsets.count()).toBe(total);
    expect(await page.getByTestId("answered-count").textContent()).toBe(`0 of ${total} answered`);
    await expectAccessible(page, "attempt form");
    const multiple = page.locator("fieldset:has(input[type=checkbox])");
    for (const text of await multiple.allTextContents()) expect(text).toContain("Select all that apply.");
    let blank: SeedQuestion | undefined;
    const asked: SeedQuestion[] = [];
    for (let i = 0; i < total; i++) {
      const fieldset = fieldsets.nth(i);
      const q = await seedQuestionOf(fieldset, seed.questions);
      asked.push(q);
      if (i === total - 1) blank = q;
      else await answerQuestion(fieldset, q, false);
    }
    // The draw is spread across the lessons: no lesson gives more than two of the questions.
    const perLesson = new Map<number, number>();
    for (const q of asked) perLesson.set(q.lesson ?? 0, (perLesson.get(q.lesson ?? 0) ?? 0) + 1);
    expect(Math.max(...perLesson.values())).toBeLessThanOrEqual(2);
    expect(await page.getByTestId("answered-count").textContent()).toBe(`${total - 1} of ${total} answered`);
    await page.getByRole("button", { name: "Submit answers" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Submit with unanswered questions?" });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain("1 question is still unanswered and will count as wrong.");
    await confirm.getByRole("button", { name: "Submit anyway" }).click();

    // The result: not passed, score 0; the review shows the learner's own wrong answers and the lesson to reread, no right answer.
    const result = page.getByTestId("attempt-result");
    await expect.poll(() => result.getByRole("heading", { level: 2 }).textContent()).toBe("Not passed this time");
    expect(await page.getByTestId("score-summary").textContent()).toBe(
      `Your score is 0 %: 0 of ${total} questions right. The pass mark is ${seed.passMark} %.`,
    );
    const reviews = page.locator("[data-review]");
    expect(await reviews.count()).toBe(total);
    expect(await page.locator('[data-review][data-outcome="wrong"]').count()).toBe(total - 1);
    expect(await page.locator('[data-review][data-outcome="unanswered"]').count()).toBe(1);
    expect(await page.getByTestId("right-answer").count()).toBe(0);
    expect(await page.getByTestId("explanation").count()).toBe(0);
    expect(await page.getByTestId("review-note").textContent()).toContain("The right answers and explanations appear once you pass");
    const pageText = (await page.locator("main").textContent()) ?? "";
    for (const q of asked) {
      expect(pageText).not.toContain(q.explanation);
      const item = page.locator(`[data-review="${q.id}"]`);
      const lesson = lessonTitles[(q.lesson ?? 0) - 1];
      if (!lesson) throw new Error(`no lesson ${q.lesson} for ${q.id}`);
      const reread = item.getByTestId("reread-lesson").getByRole("link");
      expect(await reread.textContent()).toBe(`Lesson ${q.lesson}: ${lesson.title}`);
      expect(await reread.getAttribute("href")).toBe(`/learn/course/${COURSE}/lesson/${lesson.slug}`);
    }
    if (!blank) throw new Error("no blank question");
    expect(await page.locator(`[data-review="${blank.id}"]`).getByTestId("given-answer").textContent()).toBe("Not answered");
    const wrongSingle = asked.find((q) => q.type === "single" && q.id !== blank?.id);
    if (wrongSingle) {
      const given = await page.locator(`[data-review="${wrongSingle.id}"]`).getByTestId("given-answer").textContent();
      expect(given).not.toBe(wrongSingle.options?.[wrongSingle.answer as number]);
      expect(wrongSingle.options).toContain(given);
    }
    await expectAccessible(page, "failed attempt review, 1280 px");
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "failed attempt review, 390 px");
    await page.setViewportSize(DESKTOP);

    // Try again: a new attempt, every answer right (numbers with a decimal comma).
    await result.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL((url) => url.searchParams.has("attempt") && url.searchParams.get("attempt") !== firstAttempt);
    await expect.poll(() => page.getByTestId("answered-count").textContent()).toBe(`0 of ${total} answered`);
    for (let i = 0; i < total; i++) {
      const fieldset = fieldsets.nth(i);
      await answerQuestion(fieldset, await seedQuestionOf(fieldset, seed.questions), true);
    }
    expect(await page.getByTestId("answered-count").textContent()).toBe(`${total} of ${total} answered`);
    await page.getByRole("button", { name: "Submit answers" }).click();
    await expect.poll(() => result.getByRole("heading", { level: 2 }).textContent()).toBe("You passed");
    expect(await page.getByTestId("score-summary").textContent()).toBe(
      `Your score is 100 %: ${total} of ${total} questions right. The pass mark is ${seed.passMark} %.`,
    );
    expect(await page.locator('[data-review][data-outcome="right"]').count()).toBe(total);
    // Passed: each question's explanation and right answer are shown.
    expect(await page.getByTestId("review-note").textContent()).toBe("Each question with your answer, the right answer and why.");
    for (const item of await reviews.all()) {
      const id = await item.getAttribute("data-review");
      const q = seed.questions.find((candidate) => candidate.id === id);
      if (!q) throw new Error("a reviewed question is not in the seed");
      expect(await item.getByTestId("explanation").textContent()).toBe(q.explanation);
      if (q.type === "single") expect(await item.getByTestId("right-answer").textContent()).toBe(q.options?.[q.answer as number]);
      if (q.type === "truefalse") expect(await item.getByTestId("right-answer").textContent()).toBe(q.answer ? "True" : "False");
    }
    await expectAccessible(page, "passed attempt review, 1280 px");
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "passed attempt review, 390 px");
    await page.setViewportSize(DESKTOP);

    // The certificate: the score, the LinkedIn add-to-profile link, the PDF for its owner.
    await result.getByRole("link", { name: "View your certificate" }).click();
    await page.waitForURL(/\/learn\/certificates\/VST-/);
    await waitForHydration(page);
    const code = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Verified certificate");
    expect(await page.getByText("Amira Haddad").isVisible()).toBe(true);
    expect(await page.getByTestId("certificate-basis").textContent()).toBe("Passed the final assessment with 100 %");
    const linkedIn = page.getByRole("link", { name: /Add to LinkedIn profile/ });
    expect(await linkedIn.getAttribute("target")).toBe("_blank");
    expect((await linkedIn.getAttribute("rel"))?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
    const added = new URL((await linkedIn.getAttribute("href")) ?? "");
    expect(`${added.origin}${added.pathname}`).toBe("https://www.linkedin.com/profile/add");
    expect(added.searchParams.get("startTask")).toBe("CERTIFICATION_NAME");
    expect(added.searchParams.get("name")).toBe("Real Estate Tokenization Foundations");
    expect(added.searchParams.get("organizationName")).toBe("Vestin");
    expect(added.searchParams.get("certId")).toBe(code);
    expect(added.searchParams.get("certUrl")).toBe(`${baseURL()}/learn/certificates/${code}`);
    expect(await page.getByRole("group", { name: "Share this certificate" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Download PDF" }).isVisible()).toBe(true);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PDF" }).click();
    expect((await download).suggestedFilename()).toBe(`vestin-certificate-${code.toLowerCase()}.pdf`);
    await expectAccessible(page, "certificate");

    // Back on the course page: passed, with the best score and the certificate.
    await gotoHydrated(page, `/learn/course/${COURSE}`);
    await expect.poll(() => card.getByTestId("assessment-standing").textContent()).toContain("Passed with a best score of 100 %.");
    expect(await card.getByRole("link", { name: "View your certificate" }).getAttribute("href")).toBe(`/learn/certificates/${code}`);

    // The start screen lists both attempts, the best score, and links to each result.
    await gotoHydrated(page, `/learn/course/${COURSE}/assessment`);
    await expect.poll(() => page.getByTestId("best-score").textContent()).toMatch(new RegExp(`^Best score 100 %.*pass mark ${seed.passMark} %`));
    expect(await page.getByRole("link", { name: /^Attempt \d: / }).count()).toBe(2);
    expect(await page.getByRole("link", { name: "Attempt 1: 0 %, Not passed. Review" }).getAttribute("href")).toBe(
      `/learn/course/${COURSE}/assessment?attempt=${firstAttempt}`,
    );
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("course card and assessment page for visitors and for learners not enrolled; the phone layout", async () => {
    const { page, context } = await learnerPage(browser(), PHONE);
    await gotoHydrated(page, `/learn/course/${COURSE}`);
    const card = page.getByTestId("assessment-card");
    // The public rules are in the server-rendered page; the visitor is asked to sign in.
    const html = await (await fetch(`${baseURL()}/learn/course/${COURSE}`)).text();
    expect(html).toContain("Final assessment");
    await expect
      .poll(() => card.getByRole("link", { name: "Sign in to take it" }).getAttribute("href"))
      .toBe(`/signin?redirect=${encodeURIComponent(`/learn/course/${COURSE}/assessment`)}`);

    await gotoHydrated(page, `/learn/course/${COURSE}/assessment`);
    const prompt = page.getByRole("region", { name: "Login Required" });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    expect(await prompt.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      `/signin?redirect=${encodeURIComponent(`/learn/course/${COURSE}/assessment`)}`,
    );

    await signInAsNewLearner(page);
    await gotoHydrated(page, `/learn/course/${COURSE}`);
    await expect.poll(() => card.getByTestId("assessment-standing").textContent()).toBe(ASSESSMENT_MESSAGES.notEnrolled);
    await gotoHydrated(page, `/learn/course/${COURSE}/assessment`);
    await expect.poll(() => page.getByText(ASSESSMENT_MESSAGES.notEnrolled).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Go to the course" }).getAttribute("href")).toBe(`/learn/course/${COURSE}`);
    expect(await page.getByRole("button", { name: "Start the assessment" }).count()).toBe(0);
    await expectAccessible(page, "assessment page, not enrolled, 390 px");

    // An id in the address becomes the slug; an unknown attempt is reported, not a blank page.
    const course = ((await (await api(`/courses/${COURSE}`)).json()) as { data: { _id: string } }).data;
    const redirected = await fetch(`${baseURL()}/learn/course/${course._id}/assessment`, { redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(`/learn/course/${COURSE}/assessment`);
    await gotoHydrated(page, `/learn/course/${COURSE}/assessment?attempt=no-such-attempt`);
    await expect.poll(() => page.getByText(ASSESSMENT_MESSAGES.attemptNotFound).isVisible()).toBe(true);
    expect((await fetch(`${baseURL()}/learn/course/no-such-course/assessment`)).status).toBe(404);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("after the attempts of 24 hours are used, the page says when the next one opens (the server's 429)", async () => {
    const { page, context } = await learnerPage(browser(), PHONE);
    await gotoHydrated(page, "/learn");
    const token = await signInAsNewLearner(page);
    const slug = "nfts-01-nft-fundamentals";
    await enrolAndComplete(token, slug);
    const seed = seedAssessment(slug);
    for (let i = 0; i < seed.maxAttempts; i++) {
      const started = (await (await api(`/courses/${slug}/assessment/attempts`, { method: "POST", token })).json()) as { data: { id: string } };
      expect((await api(`/assessment-attempts/${started.data.id}/submit`, { method: "POST", token, body: { answers: [] } })).status).toBe(200);
    }
    const refused = await api(`/courses/${slug}/assessment/attempts`, { method: "POST", token });
    expect(refused.status).toBe(429);

    await gotoHydrated(page, `/learn/course/${slug}/assessment`);
    await expect.poll(() => page.getByText(`You have used all ${seed.maxAttempts} attempts of the last 24 hours.`, { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText(/Your next attempt opens \w{3}, /).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /Start the assessment|Try again/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Attempt \d: 0 %, Not passed/ }).count()).toBe(seed.maxAttempts);

    // A failed result offers no retry either, and says when.
    await page.getByRole("link", { name: /^Attempt 3: / }).click();
    await expect.poll(() => page.getByTestId("next-attempt").textContent()).toMatch(/^You have used all 3 attempts of the last 24 hours\. You can try again /);
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
    // Every attempt of the window used: the review now shows the right answers and explanations.
    const questionCount = ((await (await api(`/courses/${slug}/assessment`)).json()) as { data: { questionCount: number } }).data.questionCount;
    await expect.poll(() => page.getByTestId("explanation").count()).toBe(questionCount);
    expect(await page.getByTestId("right-answer").count()).toBe(questionCount);
    await context.close();
  });

  it("timed mode: a countdown, and the answers are submitted by themselves when the time runs out", async () => {
    // Its own server: an administrator changes a course's assessment, which other files must not see.
    const server = await startIsolatedServer();
    const base = server.url;
    try {
      const slug = "advanced-03-tokenomics-markets-accounting";
      const admin: AdminAccount = { firstName: "Ada", lastName: "Console", email: `timed.admin.${Date.now()}@example.com`, password: "console-pass-1" };
      // An administrator with two-factor sign-in on (the console's API requires it), signed in from their remembered device.
      await createAdminOn(server, admin);
      const adminToken = await adminSessionToken(server, admin);
      const course = ((await (await api(`/courses/${slug}`, { base })).json()) as { data: { _id: string } }).data;
      const authored = (
        (await (await api(`/admin/courses/${course._id}/assessment`, { token: adminToken, base })).json()) as { data: { assessment: Record<string, unknown> } }
      ).data.assessment;
      const saved = await api(`/admin/courses/${course._id}/assessment`, {
        method: "PUT",
        token: adminToken,
        body: { ...authored, timeLimitMinutes: 10 },
        base,
      });
      expect(saved.status).toBe(200);

      const { page, context } = await learnerPage(browser(), PHONE, base);
      await page.clock.install();
      await gotoHydrated(page, "/learn");
      const token = await signInAsNewLearner(page, "Timo", "Berg", base);
      await enrolAndComplete(token, slug, 0, base);
      await gotoHydrated(page, `/learn/course/${slug}/assessment`);
      await expect.poll(() => page.locator('[data-fact="Time to answer"]').textContent()).toBe("10 minutes");
      await page.getByRole("button", { name: "Start the assessment" }).click();
      await page.waitForURL(/attempt=/);
      await expect.poll(() => page.getByText("Timed: you have 10 minutes to answer once you start.", { exact: false }).isVisible()).toBe(true);
      const timer = page.getByRole("timer");
      await expect.poll(() => timer.textContent()).toMatch(/^(10:00|9:5\d)$/);
      await page.clock.fastForward("03:00");
      await expect.poll(() => timer.textContent()).toMatch(/^(7:00|6:5\d)$/);
      expect(await timer.getAttribute("aria-label")).toMatch(/^Time left: [67] minutes left$/);
      await expectAccessible(page, "timed attempt, 390 px");

      const seed = seedAssessment(slug);
      const first = page.locator("form fieldset").first();
      await answerQuestion(first, await seedQuestionOf(first, seed.questions), true);
      await page.clock.fastForward("07:00");
      // No confirmation when the time is up: the answers go in as they are.
      await expect.poll(() => page.getByTestId("attempt-result").getByRole("heading", { level: 2 }).textContent()).toBe("Not passed this time");
      expect(await page.getByText("Time is up. Your answers were submitted.").isVisible()).toBe(true);
      expect(await page.getByTestId("score-summary").textContent()).toContain("1 of 10 questions right");
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
