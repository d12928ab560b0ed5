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
  PHONE,
  signedInAdminPage,
  startIsolatedServer,
  useBrowser,
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
});
