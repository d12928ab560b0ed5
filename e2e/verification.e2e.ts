import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { expectAccessible } from "./learner-support.ts";
import { DESKTOP, jsErrors, openPage, PHONE, useBrowser } from "./support.ts";

const browser = useBrowser();

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not laid out`);
  return found;
}

/** /verification in a browser without any wallet, after asking to sign. */
async function withoutWallet(viewport: { width: number; height: number }) {
  const opened = await openPage(browser(), "/verification", { viewport });
  const { page } = opened;
  await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Spare-Pioneer");
  await page.getByRole("button", { name: WALLET_MESSAGES.verifyClaim }).click();
  await expect.poll(() => page.locator("[data-wallet-state]").first().getAttribute("data-wallet-state")).toBe("no-wallet");
  return opened;
}

describe("/verification without a browser wallet", () => {
  it("says 'No browser wallet found' once, in the panel a screen reader also hears", async () => {
    const { page, context } = await withoutWallet(PHONE);
    // Once in the page, hidden copies included, and inside the live region that announces it.
    expect(await page.getByText(WALLET_MESSAGES.noWallet).count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: WALLET_MESSAGES.noWallet }).count()).toBe(1);
    expect(await page.getByText(WALLET_MESSAGES.noWallet).isVisible()).toBe(true);
    await expectAccessible(page, "/verification without a wallet, 390 px", { excludeToasts: true });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("390 px: the Support button covers neither the wallet button nor its panel, wherever the page is scrolled", async () => {
    const { page, context } = await withoutWallet(PHONE);
    const wallet = `button:has-text("${WALLET_MESSAGES.verifyClaim}")`;
    const panel = "[id$='-wallet-panel']";
    const support = "[data-support-button]";
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 120) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      for (const target of [wallet, panel]) {
        expect(overlaps(await box(page, support), await box(page, target)), `${target} under Support at scroll ${y}`).toBe(false);
      }
    }
    // It is still there to use: under the form, and it opens the FAQ.
    await page.locator(support).scrollIntoViewIfNeeded();
    await page.locator(support).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    await context.close();
  });

  it("1280 px: the Support button floats in the corner, clear of the form", async () => {
    const { page, context } = await withoutWallet(DESKTOP);
    const support = await box(page, "[data-support-button]");
    expect(await page.locator("[data-support-button]").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    expect(support.x + support.width).toBeLessThanOrEqual(DESKTOP.width);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(overlaps(await box(page, "[data-support-button]"), await box(page, 'section[aria-label="Verification form"]'))).toBe(false);
    }
    await context.close();
  });
});
