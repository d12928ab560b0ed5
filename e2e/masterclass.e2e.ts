import { OAuth2Server } from "oauth2-mock-server";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import { expectAccessible, gotoHydrated, learnerApi, learnerPage, signInAsNewLearner } from "./learner-support.ts";
import { baseURL, DESKTOP, type IsolatedServer, openPage, PHONE, startIsolatedServer, useBrowser, waitForHydration, registerAccount } from "./support.ts";

/** "Claim Your Free Access" on /learn: sign up or in, be enrolled in the free Ambassador Masterclass and land on it. */

const SLUG = "ambassador-01-masterclass";
const CLAIM = "/learn/masterclass/claim";
const COURSE = `/learn/course/${SLUG}`;
const uniqueEmail = () => `ambassador.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

async function enrolled(token: string | null, base = baseURL()): Promise<boolean> {
  if (!token) return false;
  const res = await learnerApi(`/courses/${SLUG}/enrollment-status`, { token, base });
  return ((await res.json()) as { data: { isEnrolled: boolean } }).data.isEnrolled;
}

/** Clicks the promo's button on /learn (scrolled to, as a visitor would). */
async function claimFromLearnHome(page: Page) {
  const claim = page.getByRole("link", { name: "Claim Your Free Access" });
  await claim.scrollIntoViewIfNeeded();
  expect(await claim.getAttribute("href")).toBe(CLAIM);
  await claim.click();
}

/** The course page shows the masterclass with the learner's progress: enrolled, nothing done yet. */
async function expectOnCourseEnrolled(page: Page, base = baseURL()) {
  await page.waitForURL(`**${COURSE}`);
  await waitForHydration(page);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Ambassador Masterclass");
  await expect.poll(() => page.getByTestId("course-progress").textContent(), { timeout: 10_000 }).toBe("0/12 completed (0%)");
  expect(await page.getByRole("button", { name: "Enroll & Start Course" }).count()).toBe(0);
  expect(await enrolled(await storedToken(page), base)).toBe(true);
}

describe("the free Ambassador Masterclass", () => {
  const browser = useBrowser();

  it("a signed-out visitor claims it, signs up and lands on the masterclass, enrolled", { timeout: 120_000 }, async () => {
    const { page, context } = await openPage(browser(), "/learn", { viewport: PHONE });
    await claimFromLearnHome(page);
    await page.waitForURL((url) => url.pathname === "/signup" && url.searchParams.get("redirect") === CLAIM);
    await waitForHydration(page);
    await page.getByLabel("First name").fill("Noor");
    await page.getByLabel("Last name").fill("Haddad");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel(/^Password/).fill("ambassador-pass");
    await page.getByLabel("Confirm password").fill("ambassador-pass");
    await page.getByLabel(/I agree to the/).check();
    // The toast lasts 4 s: wait for it from before the click, so a slow machine cannot miss it.
    const enrolledToast = page.getByText(LEARNING_MESSAGES.courseEnrolled).first().waitFor({ state: "visible", timeout: 60_000 });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectOnCourseEnrolled(page);
    await enrolledToast;
    await context.close();
  });

  it("someone with an account switches from sign-up to sign-in and lands on the masterclass, enrolled", { timeout: 120_000 }, async () => {
    const email = uniqueEmail();
    const res = await registerAccount(baseURL(), { firstName: "Tomas", lastName: "Berg", email, password: "ambassador-pass" });
    expect(res.status).toBe(201);
    const { page, context } = await openPage(browser(), "/learn", { viewport: DESKTOP });
    await claimFromLearnHome(page);
    await page.waitForURL((url) => url.pathname === "/signup");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("redirect") === CLAIM);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("ambassador-pass");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectOnCourseEnrolled(page);
    await context.close();
  });

  it("a signed-in learner is enrolled at once; claiming again just opens the course", { timeout: 120_000 }, async () => {
    const { page, context } = await learnerPage(browser(), PHONE);
    const token = await signInAsNewLearner(page, "Ines", "Moreau");
    await gotoHydrated(page, "/learn");
    await claimFromLearnHome(page);
    await expectOnCourseEnrolled(page);
    expect(await storedToken(page)).toBe(token);

    // Already enrolled: the claim brings the learner back to the course, with no error and no second enrolment sent.
    const enrolments: string[] = [];
    const consoleErrors: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/enroll")) enrolments.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await gotoHydrated(page, "/learn");
    await claimFromLearnHome(page);
    await expectOnCourseEnrolled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(enrolments).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`an enrolment that fails says so, offers Try again and the course, and passes axe at ${viewport.width} px`, async () => {
      const { page, context } = await learnerPage(browser(), viewport);
      await signInAsNewLearner(page, "Kofi", "Mensah");
      await page.route(`**/api/v1/courses/${SLUG}/enroll`, (route) =>
        route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "The service is busy. Try again." }) }),
      );
      await gotoHydrated(page, CLAIM);
      const alert = page.getByRole("alert");
      await expect.poll(() => alert.textContent()).toContain("We could not enrol you just now.");
      expect(await alert.textContent()).toContain("The service is busy. Try again.");
      expect(await page.getByRole("link", { name: "Open the course page" }).getAttribute("href")).toBe(COURSE);
      expect(page.url()).toContain(CLAIM);
      await expectAccessible(page, `claim failed at ${viewport.width} px`);

      await page.unroute(`**/api/v1/courses/${SLUG}/enroll`);
      await page.getByRole("button", { name: "Try again" }).click();
      await expectOnCourseEnrolled(page);
      await context.close();
    });
  }

  it("before scripts run or without them, the claim is a real link to sign up or sign in that comes back to the claim", async () => {
    const { page, context } = await openPage(browser(), "/learn", { viewport: PHONE, javaScriptEnabled: false });
    await claimFromLearnHome(page);
    await page.waitForURL(`**${CLAIM}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Claim your free Ambassador Masterclass");
    const back = encodeURIComponent(CLAIM);
    expect(await page.getByRole("link", { name: "Create a free account" }).getAttribute("href")).toBe(`/signup?redirect=${back}`);
    expect(await page.getByRole("link", { name: "Sign in", exact: true }).getAttribute("href")).toBe(`/signin?redirect=${back}`);
    expect(await page.getByRole("link", { name: "See the course outline first" }).getAttribute("href")).toBe(COURSE);

    await page.getByRole("link", { name: "Create a free account" }).click();
    await page.waitForURL((url) => url.pathname === "/signup");
    // The sign-up page's switch to sign-in keeps where the visitor is going.
    expect(await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).getAttribute("href")).toBe(`/signin?redirect=${back}`);
    await context.close();
  });

  it("is in the catalogue and has its own track, with 12 lessons at Expert level", async () => {
    const { page, context } = await openPage(browser(), "/learn/track/ambassador-program", { viewport: DESKTOP });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ambassador Program");
    expect(await page.getByTestId("track-course-count").textContent()).toBe("1");
    expect(await page.getByTestId("track-lesson-count").textContent()).toBe("12");
    const card = page.locator("article", { hasText: "Ambassador Masterclass" });
    expect(await card.getByText("Expert", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText("4h").isVisible()).toBe(true);

    await gotoHydrated(page, "/learn");
    expect(await page.getByRole("link", { name: "Explore Track: Ambassador Program" }).getAttribute("href")).toBe("/learn/track/ambassador-program");
    await context.close();
  });
});

describe("the free Ambassador Masterclass with Google sign-up", () => {
  const browser = useBrowser();
  // Google stands in as a local OpenID provider that signs anyone in as a new address.
  const provider = new OAuth2Server();
  let server: IsolatedServer | undefined;
  beforeAll(async () => {
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeTokenSigning", (token) => {
      Object.assign(token.payload, { email: uniqueEmail(), email_verified: true, given_name: "Lea", family_name: "Brandt" });
    });
    server = await startIsolatedServer({
      GOOGLE_CLIENT_ID: "vestin-e2e.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_ISSUER: provider.issuer.url ?? "",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await provider.stop();
  });

  it("a visitor who claims it and signs up with Google comes back enrolled on the masterclass", { timeout: 120_000 }, async () => {
    const base = server?.url ?? "";
    const { page, context } = await learnerPage(browser(), DESKTOP, base);
    await gotoHydrated(page, "/learn");
    await claimFromLearnHome(page);
    await page.waitForURL((url) => url.pathname === "/signup" && url.searchParams.get("redirect") === CLAIM);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await expectOnCourseEnrolled(page, base);
    await context.close();
  });
});
