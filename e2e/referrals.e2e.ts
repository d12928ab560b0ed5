import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./learner-support.ts";
import { freshWallet, joinPresale } from "./lead-support.ts";
import { DESKTOP, PHONE, startIsolatedServer, useBrowser, waitForHydration, type IsolatedServer } from "./support.ts";

/*
 * Referrals (issue #20) as people meet them: after joining the presale whitelist a person finds
 * their link and place on the success page; a friend opens the link, joins and confirms their
 * e-mail; the person's place moves up 10 and the referral shows as confirmed.
 */

let server: IsolatedServer;
const browser = useBrowser();
const stamp = Date.now().toString(36);
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 150 });

beforeAll(async () => {
  server = await startIsolatedServer();
}, 90_000);
afterAll(async () => server?.stop());

/** The confirmation link e-mailed to an address (the outbox of the server under test). */
function confirmationLink(email: string): string | undefined {
  const dir = path.join(server.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(path.join(dir, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!text.includes(`To: ${email}`)) continue;
    const match = /https?:\/\/[^\s"<>]+\/confirm\?token=[\w-]+/.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

describe("referrals", () => {
  it("moves a person up 10 places when a friend joins through their link and confirms", async () => {
    // Twelve people joined before Maya (through the API, as other visitors would).
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${server.url}/api/v1/presale`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          fullName: `Early Person ${i}`,
          email: `early.${i}.${stamp}@example.com`,
          walletAddress: freshWallet(),
          investmentRange: "$1,000 - $5,000",
          cryptoExperience: "Intermediate",
          reference: "Discord",
          additionalInfo: "long-term",
        }),
      });
      expect(res.status).toBe(201);
    }
    const context = await browser().newContext({ baseURL: server.url, viewport: PHONE, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/presale");
    await waitForHydration(page);
    await joinPresale(page, `maya.${stamp}@example.com`, "Maya Referrer");

    const card = page.getByRole("region", { name: "Move up the whitelist" });
    const position = card.locator("[data-referral-position]");
    await poll(() => position.count()).toBe(1);
    const before = Number(await position.getAttribute("data-referral-position"));
    expect(before).toBeGreaterThan(10);
    await expect.poll(() => card.locator("[data-referrals-confirmed]").getAttribute("data-referrals-confirmed")).toBe("0");
    // The queue heading above agrees with the card.
    expect(await page.locator("[data-queue-position]").getAttribute("data-queue-position")).toBe(String(before));
    const link = await card.getByLabel("Your referral link").inputValue();
    expect(link).toMatch(new RegExp(`^${server.url.replace(/[.:/]/g, "\\$&")}/presale\\?ref=[a-z2-7]{10}$`));
    await page.locator("[data-page-loader]").first().waitFor({ state: "hidden" });
    await page.screenshot({ path: "/tmp/shots/referrals-success-390.png", fullPage: true });
    await expectAccessible(page, "presale success with the referral card (390 px)", { excludeToasts: true });

    // Copy gives the link, and says so.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => card.getByRole("status").textContent()).toContain("on your clipboard");

    // A friend opens the link (no cookie consent given), joins, then confirms their e-mail.
    const friendContext = await browser().newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: "reduce" });
    const friend = await friendContext.newPage();
    await friend.goto(link);
    await waitForHydration(friend);
    const friendEmail = `friend.${stamp}@example.com`;
    await joinPresale(friend, friendEmail, "Tom Friend");
    await poll(() => confirmationLink(friendEmail)).toBeTruthy();
    await friend.goto(confirmationLink(friendEmail) ?? "");
    await friend
      .getByRole("heading", { name: /confirmed/i })
      .first()
      .waitFor({ timeout: 15_000 });

    // Back on Maya's success page: one confirmed referral, 10 places up.
    await page.reload();
    await waitForHydration(page);
    await poll(() => card.locator("[data-referrals-confirmed]").getAttribute("data-referrals-confirmed")).toBe("1");
    expect(Number(await position.getAttribute("data-referral-position"))).toBe(before - 10);
    await poll(() => page.locator("[data-queue-position]").getAttribute("data-queue-position")).toBe(String(before - 10));
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: "/tmp/shots/referrals-success-1280.png", fullPage: true });
    await context.close();
    await friendContext.close();
  }, 180_000);
});
