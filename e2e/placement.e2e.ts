import { describe, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments";
import {
  answerQuestion,
  learnerApi as api,
  expectAccessible,
  gotoHydrated,
  learnerPage,
  type SeedQuestion,
  seedPlacement,
  seedQuestionOf,
  signInAsNewLearner,
} from "./learner-support.ts";
import { DESKTOP, jsErrors, PHONE, useBrowser } from "./support.ts";

describe("placement quiz in the browser", () => {
  const browser = useBrowser();

  it("placement quiz: a visitor must answer everything, then gets a track, its first course, scores and explanations", async () => {
    const seed = seedPlacement().questions;
    const { page, context } = await learnerPage(browser(), PHONE);
    await gotoHydrated(page, "/learn");
    const promo = page.getByTestId("placement-promo");
    expect(await promo.textContent()).toContain("Not sure where to start?");
    // The spec's links on /learn stay as they were.
    expect(await page.locator("main").getByRole("link", { name: "Take Assessment", exact: true }).getAttribute("href")).toBe("/learn/track/1");
    await promo.getByRole("link", { name: "Take the placement quiz" }).click();
    await page.waitForURL("**/learn/placement");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Placement quiz");

    const fieldsets = page.locator("form fieldset");
    expect(await fieldsets.count()).toBe(seed.length);
    await expectAccessible(page, "placement quiz, 390 px");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await expect.poll(() => page.getByText(ASSESSMENT_MESSAGES.placementIncomplete).isVisible()).toBe(true);
    expect(await page.getByText("Answer this question.").count()).toBe(seed.length);

    // Right everywhere but real estate: real estate is recommended.
    for (let i = 0; i < seed.length; i++) {
      const fieldset = fieldsets.nth(i);
      const q = (await seedQuestionOf(fieldset, seed)) as SeedQuestion & { track: string };
      await answerQuestion(fieldset, q, q.track !== "real-estate-tokenization");
    }
    expect(await page.getByTestId("answered-count").textContent()).toBe(`${seed.length} of ${seed.length} answered`);
    await page.getByRole("button", { name: "See my recommendation" }).click();
    const recommendation = page.getByTestId("placement-recommendation");
    await expect.poll(() => recommendation.getByRole("heading", { level: 2 }).textContent()).toBe("Real Estate Tokenization");
    expect(await recommendation.getByRole("link", { name: /^Start with / }).getAttribute("href")).toBe("/learn/course/real-estate-01-foundations");
    expect(await recommendation.getByRole("link", { name: "Explore the Real Estate Tokenization track" }).getAttribute("href")).toBe(
      "/learn/track/real-estate-tokenization",
    );
    expect(await page.locator('[data-track-score="real-estate-tokenization"]').textContent()).toContain("0 of 2 right");
    expect(await page.locator('[data-track-score="advanced-topics"]').textContent()).toContain("2 of 2 right");
    expect(await page.getByTestId("placement-saved").textContent()).toBe("Sign in and take the quiz again to keep your result with your account.");
    for (const q of seed) expect(await page.locator(`[data-review="${q.id}"]`).getByTestId("explanation").textContent()).toBe(q.explanation);
    await expectAccessible(page, "placement result, 390 px");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("placement quiz: a signed-in learner's result is saved, shown on return, and can be retaken", async () => {
    const seed = seedPlacement().questions;
    const { page, context } = await learnerPage(browser(), DESKTOP);
    await gotoHydrated(page, "/learn/courses");
    expect(await page.getByRole("link", { name: "Take the placement quiz" }).getAttribute("href")).toBe("/learn/placement");
    const token = await signInAsNewLearner(page);
    await gotoHydrated(page, "/learn/placement");
    const fieldsets = page.locator("form fieldset");
    for (let i = 0; i < seed.length; i++) await answerQuestion(fieldsets.nth(i), await seedQuestionOf(fieldsets.nth(i), seed), true);
    await page.getByRole("button", { name: "See my recommendation" }).click();
    const recommendation = page.getByTestId("placement-recommendation");
    // Every answer right: the advanced track.
    await expect.poll(() => recommendation.getByRole("heading", { level: 2 }).textContent()).toBe("Advanced Topics");
    expect(await page.getByTestId("placement-saved").textContent()).toMatch(/^Saved to your account on /);
    const saved = (await (await api("/placement/mine", { token })).json()) as { data: { recommendation: { trackSlug: string } } };
    expect(saved.data.recommendation.trackSlug).toBe("advanced-topics");

    await gotoHydrated(page, "/learn/placement");
    await expect.poll(() => recommendation.getByRole("heading", { level: 2 }).textContent()).toBe("Advanced Topics");
    await page.getByRole("button", { name: "Retake the quiz" }).click();
    await expect.poll(() => page.getByTestId("answered-count").textContent()).toBe(`0 of ${seed.length} answered`);
    await expectAccessible(page, "placement quiz, 1280 px");
    await context.close();
  });
});
