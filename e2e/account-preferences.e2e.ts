import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { learnerApi as api, expectAccessible, gotoHydrated, learnerPage } from "./learner-support.ts";
import { jsErrors, PHONE, signUpThroughForm, useBrowser, waitForHydration } from "./support.ts";

/* The account's e-mail preferences: the newsletter choice, when it changed, and a subscription that waits for its link. */

const PENDING = "Almost there: open the link we e-mailed you to start your subscription.";
const uniqueEmail = (tag: string) => `account.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

/** Signs up through the form (subscribing to the newsletter, as the form does by default). */
async function signUp(page: Page, email: string) {
  await signUpThroughForm(page, email, "learner-pass");
  await page.waitForURL("**/learn");
}

/** The account page has loaded the member's settings (the profile form is filled in). */
async function openAccount(page: Page) {
  await gotoHydrated(page, "/account");
  await expect.poll(() => page.getByLabel("E-mail address").inputValue()).toContain("@example.com");
}

describe("account e-mail preferences", () => {
  const browser = useBrowser();

  it("saves the newsletter choice with when it changed, kept after a reload (390 px)", async () => {
    const { page, context } = await learnerPage(browser(), PHONE);
    const email = uniqueEmail("newsletter");
    await signUp(page, email);
    await openAccount(page);
    const newsletter = page.getByRole("switch", { name: "Course updates and news" });
    expect(await newsletter.getAttribute("aria-checked")).toBe("true");
    // Subscribed at sign-up, not yet confirmed: the card says only that the e-mailed link is awaited.
    const preferences = page.getByRole("form", { name: "E-mail preferences" });
    await expect.poll(() => page.getByTestId("newsletter-pending").textContent()).toBe(PENDING);
    expect(await page.getByTestId("newsletter-changed").count()).toBe(0);
    expect(await preferences.innerText()).not.toContain("Subscribed on");
    await expectAccessible(page, "/account, 390 px", { excludeToasts: true });

    await newsletter.click();
    expect(await newsletter.getAttribute("aria-checked")).toBe("false");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect.poll(() => page.getByTestId("preferences-status").textContent()).toBe("Your e-mail preferences have been saved.");
    await expect.poll(() => page.getByTestId("newsletter-changed").textContent()).toMatch(/^Unsubscribed on /);

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => newsletter.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByTestId("newsletter-changed").textContent()).toMatch(/^Unsubscribed on /);
    const saved = (await (await api("/me/account", { token: await storedToken(page) })).json()) as {
      data: { newsletter: boolean; newsletterChangedAt: string | null };
    };
    expect(saved.data.newsletter).toBe(false);
    expect(Date.now() - Date.parse(saved.data.newsletterChangedAt ?? "")).toBeLessThan(120_000);

    // And back on.
    await newsletter.click();
    await page.getByRole("button", { name: "Save preferences" }).click();
    // The subscription starts once the link e-mailed at sign-up is opened (double opt-in): the card
    // says that, once, and not "Subscribed on" as well.
    await expect.poll(() => page.getByTestId("preferences-status").textContent()).toBe("Your e-mail preferences have been saved.");
    await expect.poll(() => page.getByTestId("newsletter-pending").textContent()).toBe(PENDING);
    expect(await page.getByTestId("newsletter-changed").count()).toBe(0);
    expect(await preferences.innerText()).not.toContain("Subscribed on");
    expect((await preferences.innerText()).split(PENDING)).toHaveLength(2);
    const again = (await (await api("/me/account", { token: await storedToken(page) })).json()) as { data: { newsletter: boolean } };
    expect(again.data.newsletter).toBe(true);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
