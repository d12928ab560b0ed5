import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { parse } from "yaml";
import { baseURL } from "./support.ts";

/*
 * What the learner-facing browser tests share (assessments, My learning, account settings): the
 * API as a learner calls it, a pass of a seeded course's assessment with the author's answers, and
 * the accessibility check of a page.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axe: string | undefined;
const axeSource = () => (axe ??= readFileSync(AXE_PATH, "utf8"));

export const learnerApi = (p: string, init: { method?: string; token?: string; body?: unknown; base?: string } = {}) =>
  fetch(`${init.base ?? baseURL()}/api/v1${p}`, {
    method: init.method ?? "GET",
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

export type SeedQuestion = {
  id: string;
  type: "single" | "multiple" | "truefalse" | "numeric";
  prompt: string;
  options?: string[];
  answer?: number | boolean;
  answers?: number[];
};
type ShownQuestion = { id: string; options: Array<{ id: string; text: string }> };

/** A seed file's questions (a course's assessment.yaml, or the placement quiz), answers included. */
export const seedQuestions = (file: string): SeedQuestion[] => (parse(readFileSync(path.join(ROOT, file), "utf8")) as { questions: SeedQuestion[] }).questions;
export const courseAssessmentFile = (slug: string) => `apps/server/src/features/learning/seed/courses/${slug}/assessment.yaml`;

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
  // Injected through the debugging protocol, which a page's CSP does not govern.
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async (exclude) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const r = await axe.run(exclude ? { exclude: [["[data-sonner-toaster]"]] } : document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
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
