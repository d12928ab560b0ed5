import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { openWithWallet } from "./injected-wallet.ts";
import { uniqueEmail, visible } from "./lead-support.ts";
import { baseURL, DESKTOP, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

/* The airdrop claim of a sprint's pioneers: the congratulations page and the wallet-signed verification. */

describe("airdrop claim", () => {
  const browser = useBrowser();

  it("congratulates with the sprint figures and a support dialog that closes on Escape", async () => {
    const { page, context } = await openPage(browser(), "/zealy-claim", { viewport: PHONE });
    expect(await page.getByText("COMPLETED (December 2024)").isVisible()).toBe(true);
    for (const figure of ["8,247 XP", "1.85%", "1,850", "47 of 5,000", "$100,000", "445,000"]) {
      expect(await page.getByText(figure, { exact: true }).first().isVisible(), figure).toBe(true);
    }
    const help = page.getByRole("button", { name: "Need help?" });
    await help.click();
    const dialog = page.getByRole("dialog", { name: "Need help with your claim?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Need help?");
    await page.getByRole("link", { name: "Verify & Claim" }).click();
    await page.waitForURL("**/verification");
    await context.close();
  });

  /** The claim's wallet step: the injected wallet signs the message bound to the username typed above. */
  async function signClaim(page: Page) {
    await page.getByRole("button", { name: WALLET_MESSAGES.verifyClaim }).click();
    await expect.poll(() => page.locator("[data-wallet-state]").getAttribute("data-wallet-state"), { timeout: 10_000 }).toBe("verified");
  }

  it("verifies a pioneer with a wallet signature and shows the computed, masked claim full screen; closing resets the form", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), baseURL(), "/verification");
    const address = wallet.account.address;
    const username = page.getByRole("textbox", { name: "Zealy username", exact: true });
    const submit = page.getByRole("button", { name: "Submit Verification" });
    await submit.click();
    await expect.poll(() => page.getByText("This field is required").count()).toBe(4);

    const email = uniqueEmail("pioneer");
    await username.fill("pioneer-5001");
    await signClaim(page);
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe(address);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Telegram account").fill("@pioneer_48");
    await submit.click();
    await expect.poll(visible(page, LEAD_MESSAGES.zealyUnknown)).toBe(true);

    // The signature named pioneer-5001: another username needs a new one.
    await username.fill("pioneer-0048");
    await submit.click();
    await expect.poll(visible(page, WALLET_MESSAGES.proofRequired)).toBe(true);
    await signClaim(page);
    await submit.click();
    const result = page.getByRole("dialog", { name: "Verification Submitted" });
    await expect.poll(() => result.isVisible()).toBe(true);
    // The seeded leaderboard lists no wallets: the signed claim waits for the team's review.
    await expect.poll(() => result.getByText(WALLET_MESSAGES.pendingReview).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => result.getByText(new RegExp(`^${address.slice(0, 6)}…${address.slice(-4)}$`, "i")).isVisible()).toBe(true);
    expect(await result.getByText("@pi…").isVisible()).toBe(true);
    expect(await result.getByText("5,128 XP").isVisible()).toBe(true);
    expect(await result.getByText("1.15%").isVisible()).toBe(true);
    // 5,128 / 445,000 of 100,000 tokens, exact to the base unit, shown to four decimals (never rounded up).
    expect(await result.getByText("1,152.3595 $VSTN", { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("Vestin_user_email"))).toBe(email.toLowerCase());
    const box = await result.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });

    await result.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => result.count()).toBe(0);
    expect(await username.inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe("");

    // The same pioneer again: the server's refusal in the red box, naming the claiming wallet masked.
    await username.fill("pioneer-0048");
    await signClaim(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Telegram account").fill("@pioneer_48");
    await submit.click();
    await expect.poll(visible(page, LEAD_MESSAGES.airdropClaimed)).toBe(true);
    await context.close();
  });

  it("shows the result view's error with Retry when the claim cannot be loaded", async () => {
    const { page, context } = await openWithWallet(browser(), baseURL(), "/verification", { viewport: PHONE });
    await page.route("**/api/v1/pioneer-users?*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "database unavailable" }));
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("pioneer-0049");
    await signClaim(page);
    await page.getByLabel("Email").fill(uniqueEmail("retry"));
    await page.getByLabel("Telegram account").fill("@pioneer_49");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    const result = page.getByRole("dialog", { name: "Verification Submitted" });
    await expect.poll(() => result.getByRole("heading", { name: "Error Loading Data" }).isVisible()).toBe(true);
    expect(await result.getByText("Failed to fetch user data: 500 Internal Server Error - database unavailable").isVisible()).toBe(true);
    await page.unroute("**/api/v1/pioneer-users?*");
    await result.getByRole("button", { name: "Retry" }).click();
    await page.waitForLoadState("load");
    await waitForHydration(page);
    expect(await result.count()).toBe(0);
    await context.close();
  });

  it("opens the support chat FAQ from the floating button", async () => {
    const { page, context } = await openPage(browser(), "/verification", { viewport: PHONE });
    await page.getByRole("button", { name: "Support", exact: true }).click();
    const faq = page.getByRole("dialog", { name: "Verification Help" });
    await expect.poll(() => faq.isVisible()).toBe(true);
    await faq.getByRole("button", { name: "My verification failed. Can I try again?" }).click();
    await expect.poll(() => faq.getByText(/retry verification up to 3 times within the 14-day claim period/).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => faq.count()).toBe(0);
    await context.close();
  });
});
