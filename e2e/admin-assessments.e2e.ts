import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthoredAssessment, AuthoredQuestion } from "@vestin/shared/assessments";
import { seriousAxeViolations } from "./learner-support.ts";
import {
  adminSessionToken,
  createAdminOn,
  DESKTOP,
  jsErrors,
  PHONE,
  rememberAdminDevice,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
  type AdminAccount,
  type IsolatedServer,
  registerAccount,
  signInThroughForm,
} from "./support.ts";

/*
 * A course's final assessment in the console: an administrator edits a seeded
 * question's text and right option, saves, and finds both kept after a reload; an invalid question
 * is named beside its field and nothing reaches the server; the report shows its four figures and
 * one bar per question, built from a learner's real graded attempt. Its own server, because it
 * changes a seeded assessment that the learner journeys of other files rely on.
 */

const SLUG = "real-estate-01-foundations";
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Ada", lastName: "Assessor", email: `assess.admin.${stamp}@example.com`, password: "assess-pass-1" };
const LEARNER = { firstName: "Lena", lastName: "Learner", email: `assess.learner.${stamp}@example.com`, password: "learner-pass-1" };

let server: IsolatedServer;
let courseId = "";
let adminToken = "";
/** How many questions the learner's graded attempt drew, and answered right (the first half of them). */
let asked = 0;
let answeredRight = 0;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function api<T>(method: string, pathname: string, token?: string, body?: unknown): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}/api/v1${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = res.status === 204 ? {} : ((await res.json()) as { data?: T });
  return { status: res.status, data: (json as { data: T }).data };
}

async function register(user: typeof LEARNER): Promise<string> {
  const res = await registerAccount(server.url, user);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** What the server holds now, read the way the editor reads it. */
async function storedAssessment(): Promise<AuthoredAssessment> {
  const res = await api<{ assessment: AuthoredAssessment | null }>("GET", `/admin/courses/${courseId}/assessment`, adminToken);
  expect(res.status).toBe(200);
  if (!res.data.assessment) throw new Error("the course has no assessment");
  return res.data.assessment;
}

type AttemptQuestion = { id: string; type: AuthoredQuestion["type"]; options: Array<{ id: string; text: string }> };

/** The right answer to an attempt's question, in the attempt's own terms (option ids). */
function rightAnswer(authored: AuthoredQuestion, asked: AttemptQuestion): string | string[] | boolean | number {
  const optionId = (text: string) => {
    const found = asked.options.find((o) => o.text === text);
    if (!found) throw new Error(`option "${text}" not offered`);
    return found.id;
  };
  switch (authored.type) {
    case "single":
      return optionId(authored.options[authored.answer] ?? "");
    case "multiple":
      return authored.answers.map((i) => optionId(authored.options[i] ?? ""));
    case "truefalse":
    case "numeric":
      return authored.answer;
  }
}

/** A learner enrols, completes every lesson and submits one attempt: the first half right, the rest unanswered. */
async function gradedAttempt() {
  const token = await register(LEARNER);
  expect((await api("POST", `/courses/${courseId}/enroll`, token)).status).toBe(201);
  const lessons = await api<{ lessons: { data: Array<{ _id: string }> } }>("GET", `/courses/${SLUG}/lessons`);
  for (const lesson of lessons.data.lessons.data) expect((await api("POST", `/lessons/${lesson._id}/complete`, token)).status).toBe(200);
  const started = await api<{ id: string; questions: AttemptQuestion[] }>("POST", `/courses/${courseId}/assessment/attempts`, token);
  expect(started.status).toBe(201);
  const authored = new Map((await storedAssessment()).questions.map((q) => [q.id, q]));
  // The attempt draws its own questions from the bank, at most half of it.
  asked = started.data.questions.length;
  expect(asked * 2).toBeLessThanOrEqual(authored.size);
  answeredRight = Math.ceil(asked / 2);
  const answers = started.data.questions.slice(0, answeredRight).map((asked) => {
    const question = authored.get(asked.id);
    if (!question) throw new Error(`unknown question ${asked.id}`);
    return { questionId: asked.id, answer: rightAnswer(question, asked) };
  });
  const submitted = await api<{ result: { correct: number } }>("POST", `/assessment-attempts/${started.data.id}/submit`, token, { answers });
  expect(submitted.status).toBe(200);
  expect(submitted.data.result.correct).toBe(answeredRight);
}

async function signedInPage(browser: Browser, viewport: { width: number; height: number }, to: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: "reduce" });
  await rememberAdminDevice(context, server.url, ADMIN);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  await signInThroughForm(page, ADMIN, to);
  await page.waitForURL((url) => url.pathname === to);
  return { page, context };
}

const editor = (page: Page) => page.getByRole("form", { name: "Assessment editor" });
const questionList = (page: Page) => editor(page).getByRole("list", { name: /^Questions/ });
/** The question cards only (each card holds a list of its own options). */
const questionCards = (page: Page) => questionList(page).locator(":scope > li");
/** The card of question n (1-based), by its heading's toggle. */
const card = (page: Page, n: number) => questionCards(page).filter({ has: page.getByRole("button", { name: new RegExp(`^Question ${n}\\b`) }) });

async function openQuestion(page: Page, n: number) {
  const toggle = card(page, n).getByRole("button", { name: new RegExp(`^Question ${n}\\b`) });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
  return card(page, n);
}

describe("course assessment in the console", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    await createAdminOn(server, ADMIN);
    adminToken = await adminSessionToken(server, ADMIN);
    const course = await api<{ _id: string }>("GET", `/courses/${SLUG}`);
    expect(course.status).toBe(200);
    courseId = course.data._id;
    await gradedAttempt();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("edits a question's text and right option, keeps them after a reload, and has no serious accessibility violations", async () => {
    const before = await storedAssessment();
    const index = before.questions.findIndex((q) => q.type === "single");
    const original = before.questions[index];
    if (original?.type !== "single") throw new Error("the seed has no single-choice question");
    const newAnswer = (original.answer + 1) % original.options.length;
    const newPrompt = `Which right does a holder of 200 SPV tokens normally have? (${stamp})`;

    const { page, context } = await signedInPage(browser(), DESKTOP, `/admin/courses/${courseId}`);
    await poll(() => page.getByRole("heading", { name: "Final assessment", level: 2 }).isVisible()).toBe(true);
    await poll(() => questionCards(page).count()).toBe(before.questions.length);
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

    const question = await openQuestion(page, index + 1);
    expect(await question.getByLabel("Question text").inputValue()).toBe(original.prompt);
    await question.getByLabel("Question text").fill(newPrompt);
    // The id of a seeded question stays: attempts and the report know the question by it.
    expect(await question.getByLabel("Question id").inputValue()).toBe(original.id);
    await question.getByRole("radio", { name: `Option ${newAnswer + 1} is right` }).check();
    expect(await question.getByRole("radio", { name: `Option ${original.answer + 1} is right` }).isChecked()).toBe(false);
    // An open question with its options, on the editor as an admin works with it.
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

    await editor(page).getByRole("button", { name: "Save assessment" }).click();
    await poll(() => page.getByText("Assessment saved").isVisible()).toBe(true);
    await poll(() =>
      editor(page)
        .getByText(/^Saved /)
        .isVisible(),
    ).toBe(true);
    const saved = await storedAssessment();
    expect(saved.questions[index]).toMatchObject({ id: original.id, prompt: newPrompt, answer: newAnswer });
    expect(saved.questions).toHaveLength(before.questions.length);

    await page.reload();
    await waitForHydration(page);
    const reloaded = await openQuestion(page, index + 1);
    await poll(() => reloaded.getByLabel("Question text").inputValue()).toBe(newPrompt);
    expect(await reloaded.getByRole("radio", { name: `Option ${newAnswer + 1} is right` }).isChecked()).toBe(true);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("names an invalid question beside its field and saves nothing", async () => {
    const before = await storedAssessment();
    const multiple = before.questions.findIndex((q) => q.type === "multiple");
    const numeric = before.questions.findIndex((q) => q.type === "numeric");
    expect(multiple).toBeGreaterThanOrEqual(0);
    expect(numeric).toBeGreaterThanOrEqual(0);
    const saveCalls: string[] = [];

    const { page, context } = await signedInPage(browser(), PHONE, `/admin/courses/${courseId}`);
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/assessment")) saveCalls.push(request.url());
    });
    await poll(() => questionCards(page).count()).toBe(before.questions.length);

    // A multiple-answer question with no right option marked.
    const many = await openQuestion(page, multiple + 1);
    for (const box of await many.getByRole("checkbox").all()) await box.uncheck();
    // A numeric answer that is not a number.
    const number = await openQuestion(page, numeric + 1);
    await number.getByLabel("Right answer").fill("about four");

    await editor(page).getByRole("button", { name: "Save assessment" }).click();
    await poll(() =>
      editor(page)
        .getByText(/^Nothing was saved: 2 fields need attention/)
        .isVisible(),
    ).toBe(true);
    // Each message sits beside its field, and the field is marked invalid for assistive technology.
    const answers = many.getByRole("group", { name: /^Options/ });
    expect(await answers.getAttribute("aria-invalid")).toBe("true");
    expect(await many.getByText("Mark at least one right option").isVisible()).toBe(true);
    const answerBox = number.getByLabel("Right answer");
    expect(await answerBox.getAttribute("aria-invalid")).toBe("true");
    expect(await number.getByText("The answer must be a number").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The summary takes the admin to the field; fixing it clears its message.
    await editor(page)
      .getByRole("button", { name: `Question ${numeric + 1}: The answer must be a number` })
      .click();
    await poll(() => answerBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await answerBox.fill("4,4");
    await poll(() => number.getByText("The answer must be a number").count()).toBe(0);

    expect(saveCalls).toEqual([]);
    expect(await storedAssessment()).toEqual(before);

    // A refusal by the server lands beside its field the same way (here a stand-in answer in the
    // API's error envelope: { success: false, message, errors }).
    await many.getByRole("checkbox").first().check();
    await page.route("**/api/v1/admin/courses/*/assessment", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              success: false,
              message: "Invalid input",
              errors: { [`questions.${numeric}.unit`]: "The unit must be at most 20 characters" },
            }),
          })
        : route.fallback(),
    );
    await editor(page).getByRole("button", { name: "Save assessment" }).click();
    await poll(() => editor(page).getByText("Nothing was saved: Invalid input").isVisible()).toBe(true);
    expect(await number.getByLabel("Unit").getAttribute("aria-invalid")).toBe("true");
    expect(await number.getByText("The unit must be at most 20 characters").isVisible()).toBe(true);
    expect(saveCalls).toHaveLength(1);
    expect(await storedAssessment()).toEqual(before);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("reports attempts, learners, pass rate and average score, and one bar per question", async () => {
    const stored = await storedAssessment();
    const { page, context } = await signedInPage(browser(), DESKTOP, `/admin/courses/${courseId}`);
    await page.getByRole("tab", { name: "Report" }).click();
    await page.waitForURL((url) => url.searchParams.get("assessment") === "report");

    const tile = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: label }) })
        .locator("dd");
    await poll(() => tile("Attempts").textContent()).toBe("1");
    expect(await tile("Learners").textContent()).toBe("1");
    const total = stored.questions.length;
    const score = Math.round((answeredRight / asked) * 100);
    expect(await tile("Average score").textContent()).toContain(`${score}%`);
    expect(await tile("Pass rate").textContent()).toContain(score >= stored.passMark ? "100%" : "0%");

    const bars = page.getByRole("list", { name: "Right answers per question" }).getByRole("listitem");
    expect(await bars.count()).toBe(total);
    expect(await bars.locator("[data-bar]").count()).toBe(total);
    // The unanswered half was graded wrong: each of those questions is flagged, with its value in words.
    const flagged = bars.filter({ hasText: "Review this question" });
    expect(await flagged.count()).toBe(asked - answeredRight);
    expect(await flagged.first().getByText("0%", { exact: true }).isVisible()).toBe(true);
    expect(await bars.filter({ hasText: "100%" }).count()).toBe(answeredRight);

    await page.getByText("Hardest first").click();
    expect(await bars.first().textContent()).toContain("Review this question");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("sets questions per attempt and the review policy, warns of a bank shortfall, and refuses more per attempt than the bank holds", async () => {
    const before = await storedAssessment();
    const bank = before.questions.length;
    const { page, context } = await signedInPage(browser(), PHONE, `/admin/courses/${courseId}`);
    await poll(() => questionCards(page).count()).toBe(bank);
    const perAttempt = editor(page).getByLabel("Questions per attempt");
    const policy = editor(page).getByLabel("Show right answers");
    const shortfall = editor(page).getByTestId("bank-shortfall");
    expect(await perAttempt.inputValue()).toBe(String(before.questionsPerAttempt));
    expect(await policy.inputValue()).toBe("after-pass-or-attempts-used");
    expect(await shortfall.count()).toBe(0);

    // More questions per attempt than the bank holds: named beside the field, nothing saved.
    await perAttempt.fill(String(bank + 1));
    await editor(page).getByRole("button", { name: "Save assessment" }).click();
    await poll(() => perAttempt.getAttribute("aria-invalid")).toBe("true");
    expect(await editor(page).getByText("Questions per attempt cannot be more than the questions in the bank.").count()).toBeGreaterThan(0);
    expect(await storedAssessment()).toEqual(before);

    // More than half the bank per attempt: a bank shortfall, said while editing.
    const greedy = Math.floor(bank / 2) + 1;
    await perAttempt.fill(String(greedy));
    await poll(() => shortfall.textContent()).toContain(`Each attempt draws ${greedy} questions, so the bank needs at least ${2 * greedy}; it has ${bank}.`);
    // A lesson left with a single question is named too.
    const first = before.questions[0];
    if (first?.lesson === undefined) throw new Error("the first seeded question names no lesson");
    const sameLesson = before.questions.filter((q) => q.lesson === first.lesson).length;
    const question = await openQuestion(page, 1);
    const lesson = question.getByLabel("Lesson");
    if (sameLesson === 2) {
      await lesson.fill(String(first.lesson === 1 ? 2 : 1));
      await poll(() => shortfall.textContent()).toContain(`Lesson ${first.lesson} has fewer than 2 questions`);
      await lesson.fill(String(first.lesson));
      await poll(() => shortfall.textContent()).not.toContain("fewer than 2 questions");
    }
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

    await policy.selectOption("after-pass-only");
    await editor(page).getByRole("button", { name: "Save assessment" }).click();
    await poll(() => page.getByText("Assessment saved").isVisible()).toBe(true);
    const saved = await storedAssessment();
    expect(saved).toMatchObject({ questionsPerAttempt: greedy, reviewPolicy: "after-pass-only" });
    expect(saved.questions).toEqual(before.questions);

    await page.reload();
    await waitForHydration(page);
    await poll(() => editor(page).getByLabel("Questions per attempt").inputValue()).toBe(String(greedy));
    expect(await editor(page).getByLabel("Show right answers").inputValue()).toBe("after-pass-only");
    expect(await editor(page).getByTestId("bank-shortfall").isVisible()).toBe(true);
    // Learners' rules follow at once.
    const rules = await api<{ questionCount: number; reviewPolicy: string }>("GET", `/courses/${SLUG}/assessment`);
    expect(rules.data).toMatchObject({ questionCount: greedy, reviewPolicy: "after-pass-only" });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
