import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { parse } from "yaml";
import { baseURL, DESKTOP, pageLoaderGone, waitForHydration, registerAccount } from "./support.ts";

/*
 * What the learner-facing browser tests share (assessments, My learning, account settings): a
 * page to work in, the API as a learner calls it, a new learner signed in and through a course, a
 * pass of a seeded course's assessment with the author's answers, and the accessibility check of a page.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axe: string | undefined;
const axeSource = () => (axe ??= readFileSync(AXE_PATH, "utf8"));

export const learnerApi = (p: string, init: { method?: string; token?: string | null; body?: unknown; base?: string } = {}) =>
  fetch(`${init.base ?? baseURL()}/api/v1${p}`, {
    method: init.method ?? "GET",
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

/** A fresh context and page on `base` (the shared server by default); `bypassCSP` lets axe be injected (the site's CSP forbids injected scripts). */
export async function learnerPage(browser: Browser, viewport = DESKTOP, base = baseURL()): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: base, viewport, reducedMotion: "reduce", bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  return { page, context };
}

/** Opens `to` and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, to: string) {
  await page.goto(to);
  await waitForHydration(page);
}

/** Registers through the API and stores the session the way the sign-up page does. */
export async function signInAsNewLearner(page: Page, firstName = "Amira", lastName = "Haddad", base = baseURL()): Promise<string> {
  const email = `assess.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await registerAccount(base, { firstName, lastName, email, password: "learner-pass" });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { token: string; user: unknown } };
  if (!page.url().startsWith("http")) await gotoHydrated(page, "/learn");
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", JSON.stringify(user));
  }, data);
  return data.token;
}

/** Enrols and completes the course's lessons through the API (all but `leave` of them); returns the lessons. */
export async function enrolAndComplete(token: string, slug: string, leave = 0, base = baseURL()) {
  expect((await learnerApi(`/courses/${slug}/enroll`, { method: "POST", token, base })).status).toBe(201);
  const lessons = ((await (await learnerApi(`/courses/${slug}/lessons`, { base })).json()) as { data: { lessons: { data: Array<{ _id: string }> } } }).data
    .lessons.data;
  for (const lesson of lessons.slice(0, lessons.length - leave)) {
    expect((await learnerApi(`/lessons/${lesson._id}/complete`, { method: "POST", token, base })).status).toBe(200);
  }
  return lessons;
}

/** A question as its author wrote it (seed YAML): the right answers the browser never sees. */
export type SeedQuestion = {
  id: string;
  type: "single" | "multiple" | "truefalse" | "numeric";
  prompt: string;
  /** The lesson (its number) the question is written from. */
  lesson?: number;
  options?: string[];
  answer?: number | boolean;
  answers?: number[];
  unit?: string;
  explanation: string;
};
export type SeedAssessment = { passMark: number; maxAttempts: number; questions: SeedQuestion[] };
type ShownQuestion = { id: string; options: Array<{ id: string; text: string }> };

/** A seed file's questions (a course's assessment.yaml, or the placement quiz), answers included. */
export const seedQuestions = (file: string): SeedQuestion[] => (parse(readFileSync(path.join(ROOT, file), "utf8")) as { questions: SeedQuestion[] }).questions;
export const courseAssessmentFile = (slug: string) => `apps/server/src/features/learning/seed/courses/${slug}/assessment.yaml`;
/** A seeded course's final assessment as its author wrote it. */
export const seedAssessment = (slug: string) => parse(readFileSync(path.join(ROOT, courseAssessmentFile(slug)), "utf8")) as SeedAssessment;
/** The placement quiz as its author wrote it: each question counts for one track. */
export const seedPlacement = () =>
  parse(readFileSync(path.join(ROOT, "apps/server/src/features/assessments/seed/placement.yaml"), "utf8")) as {
    questions: Array<SeedQuestion & { track: string }>;
  };

/** The right answers, as the seed's author wrote them, in the option ids the learner was shown. */
export function rightAnswers(shown: ShownQuestion[], seed: SeedQuestion[]) {
  return shown.map((q) => {
    const s = seed.find((candidate) => candidate.id === q.id);
    if (!s) throw new Error(`No seed question ${q.id}`);
    const idOf = (index: number) => q.options.find((o) => o.text === s.options?.[index])?.id ?? "";
    const answer = s.type === "single" ? idOf(s.answer as number) : s.type === "multiple" ? (s.answers ?? []).map(idOf) : (s.answer as number | boolean);
    return { questionId: q.id, answer };
  });
}

/** The seed question a fieldset shows, found by its prompt (the order of questions is shuffled). */
export async function seedQuestionOf(fieldset: Locator, seed: SeedQuestion[]): Promise<SeedQuestion> {
  const legend = (await fieldset.locator("legend").innerText()).trim();
  const question = seed.find((q) => legend.endsWith(q.prompt));
  if (!question) throw new Error(`No seed question matches: ${legend}`);
  return question;
}

/** Answers one question in the form: rightly, or wrongly (another option, the other truth value, a far-off number). */
export async function answerQuestion(fieldset: Locator, q: SeedQuestion, right: boolean) {
  const options = q.options ?? [];
  switch (q.type) {
    case "single": {
      const rightText = options[q.answer as number] ?? "";
      const text = right ? rightText : (options.find((o) => o !== rightText) ?? "");
      await fieldset.getByRole("radio", { name: text, exact: true }).check();
      return;
    }
    case "multiple": {
      const rights = (q.answers ?? []).map((i) => options[i] ?? "");
      const texts = right ? rights : [options.find((o) => !rights.includes(o)) ?? ""];
      for (const text of texts) await fieldset.getByRole("checkbox", { name: text, exact: true }).check();
      return;
    }
    case "truefalse": {
      const value = right ? (q.answer as boolean) : !(q.answer as boolean);
      await fieldset.getByRole("radio", { name: value ? "True" : "False", exact: true }).check();
      return;
    }
    case "numeric": {
      const value = right ? (q.answer as number) : (q.answer as number) + 1000;
      // A decimal comma, as many learners write it.
      await fieldset.getByRole("textbox").fill(String(value).replace(".", ","));
      return;
    }
  }
}

/** Passes a seeded course's final assessment through the API (every lesson already done); returns the certificate's code. */
export async function passAssessment(token: string, slug: string): Promise<string> {
  const started = await learnerApi(`/courses/${slug}/assessment/attempts`, { method: "POST", token });
  expect(started.status).toBe(201);
  const attempt = ((await started.json()) as { data: { id: string; questions: ShownQuestion[] } }).data;
  const answers = rightAnswers(attempt.questions, seedQuestions(courseAssessmentFile(slug)));
  const submitted = await learnerApi(`/assessment-attempts/${attempt.id}/submit`, { method: "POST", token, body: { answers } });
  expect(submitted.status).toBe(200);
  const data = ((await submitted.json()) as { data: { result: { passed: boolean; score: number }; certificateCode: string | null } }).data;
  expect(data.result).toMatchObject({ passed: true, score: 100 });
  if (!data.certificateCode) throw new Error("the pass issued no certificate");
  return data.certificateCode;
}

/** Serious and critical WCAG 2 A/AA violations; `excludeToasts` leaves out a toast that may be fading. */
export async function seriousAxeViolations(page: Page, { excludeToasts = false } = {}) {
  // axe would measure the fading entry placeholder's text against the page below it.
  await pageLoaderGone(page);
  // Injected through the debugging protocol, which a page's CSP does not govern.
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async (exclude) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const r = await axe.run(exclude ? { exclude: [["[data-sonner-toaster]"]] } : document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  }, excludeToasts);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** No serious accessibility violation and no sideways scrolling. */
export async function expectAccessible(page: Page, label: string, options: { excludeToasts?: boolean } = {}) {
  expect(await seriousAxeViolations(page, options), label).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}
