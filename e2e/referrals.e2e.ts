import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./learner-support.ts";
import {
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  type IsolatedServer,
  jsErrors,
  outboxMails,
  PHONE,
  signedInAdminPage,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
} from "./support.ts";

/*
 * Referral clusters in the console: a referrer whose friends all sign up at one domain from one
 * network shows as two clusters (domain and network) with how many referrals confirmed and moved
 * them up; friends at a public mail provider never form a domain cluster. Its own server: the
 * sign-ups arrive from chosen addresses.
 */

const SHOTS = process.env.REFERRALS_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-referrals-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Rafa", lastName: "Referrals", email: `referrals.admin.${stamp}@example.com`, password: "referral-pass-1" };
const FARM = `farm-${stamp}.example.org`;
const REFERRER_EMAIL = `host.${stamp}@example.com`;

let server: IsolatedServer;
let hostCode = "";
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Joins the presale whitelist from `address` (the server trusts X-Forwarded-For from its own host, as behind its proxy). */
async function joinPresale(email: string, address: string, ref?: string): Promise<{ referral: { code: string } }> {
  const res = await fetch(`${server.url}/api/v1/presale`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({
      fullName: email.startsWith("host.") ? "Harper Host" : "Friend Joiner",
      email,
      walletAddress: `0x${randomBytes(20).toString("hex")}`,
      investmentRange: "$500 - $1,000",
      cryptoExperience: "Intermediate",
      reference: "Friend referral",
      additionalInfo: "long-term",
      ...(ref ? { attribution: { ref } } : {}),
    }),
  });
  const body = (await res.json()) as { data: { referral: { code: string } } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data;
}

const cluster = (page: Page, value: string) => page.getByRole("article", { name: new RegExp(`from ${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe("referral clusters in the console", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer({ REFERRAL_DAILY_BOOSTS: "2" });
    const host = await joinPresale(REFERRER_EMAIL, "198.51.100.7");
    hostCode = host.referral.code;
    for (let i = 0; i < 4; i++) await joinPresale(`friend${i}.${stamp}@${FARM}`, `203.0.113.${20 + i}`, host.referral.code);
    // Friends at a public mail provider, each from a network of their own: no cluster.
    for (let i = 0; i < 3; i++) await joinPresale(`pal${i}.${stamp}@gmail.com`, `100.${30 + i}.4.1`, host.referral.code);
    await createAdminOn(server, ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`shows the referrer's domain and network clusters, with their counts, on a ${label}`, async () => {
      const { page, context } = await signedInAdminPage(browser(), server, ADMIN, "/admin/referrals", "Referral clusters", viewport);
      await poll(() => cluster(page, FARM).isVisible()).toBe(true);
      const byDomain = cluster(page, FARM);
      expect(await byDomain.getByText(REFERRER_EMAIL).isVisible()).toBe(true);
      expect(await byDomain.getByText("E-mail domain").isVisible()).toBe(true);
      expect(await byDomain.locator("dd").allTextContents()).toEqual(["4", "0", "0"]);
      const byNetwork = cluster(page, "203.0.113.0/24");
      expect(await byNetwork.getByText("Network").isVisible()).toBe(true);
      expect(await byNetwork.locator("dd").allTextContents()).toEqual(["4", "0", "0"]);
      expect(await page.getByText("2 clusters, largest first.").isVisible()).toBe(true);
      expect(await page.getByText(/At most 2 referrals move one referrer up in any 24 hours/).isVisible()).toBe(true);
      expect(await cluster(page, "gmail.com").count()).toBe(0);
      await expectAccessible(page, `referral clusters (${label})`);
      await shoot(page, `referral-clusters-${label}`);

      // A higher bar than any cluster: the empty state says so, in words.
      await page.getByLabel("Smallest cluster").selectOption("5");
      await poll(() => page.getByText(/No clusters: no referrer on the presale whitelist has 5 or more referrals/).isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get("min")).toBe("5");
      await expectAccessible(page, `referral clusters, none (${label})`);
      expect(jsErrors(page)).toEqual([]);
      await context.close();
    });
  }

  it("tells the referrer on their success page that referrals past the daily limit counted without moving them", async () => {
    // Three friends confirm their address: with a limit of 2 a day, the third counts without moving the referrer.
    for (let i = 0; i < 3; i++) {
      const email = `friend${i}.${stamp}@${FARM}`;
      const mail = outboxMails(server.dataDir).find((m: { to: string }) => m.to.includes(email));
      const token = /\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      expect(token, email).toBeTruthy();
      const res = await fetch(`${server.url}/api/v1/confirm`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      expect(res.status).toBe(200);
    }
    const context = await browser().newContext({ baseURL: server.url, viewport: PHONE, reducedMotion: "reduce" });
    await context.addInitScript(
      ({ code, email }) => {
        localStorage.setItem("vestin_referral_presale", code);
        localStorage.setItem("Vestin_user_email", email);
      },
      { code: hostCode, email: REFERRER_EMAIL },
    );
    const page = await context.newPage();
    await page.goto("/presale/success");
    await waitForHydration(page);
    const card = page.getByRole("region", { name: "Move up the whitelist" });
    await poll(() => card.locator("[data-referrals-confirmed]").textContent()).toBe("3");
    const note = card.locator("[data-referral-cap]");
    expect(await note.textContent()).toBe(
      "Up to 2 referrals in any 24 hours move you up; more still count as referrals, without moving you. 1 of your confirmed referrals came past that limit and did not move you.",
    );
    expect(await note.isVisible()).toBe(true);
    await expectAccessible(page, "presale success with a held-back referral");
    await shoot(page, "referral-card-capped-phone");
    await context.close();

    // The console shows the same: 3 confirmed, 2 moved up.
    const admin = await signedInAdminPage(browser(), server, ADMIN, "/admin/referrals", "Referral clusters", DESKTOP);
    await poll(() => cluster(admin.page, FARM).locator("dd").allTextContents()).toEqual(["4", "3", "2"]);
    expect(await cluster(admin.page, FARM).getByText("1 confirmed referral was held back by the daily cap.", { exact: false }).isVisible()).toBe(true);
    await admin.context.close();
  });
});
