import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  PHONE,
  type IsolatedServer,
  jsErrors,
  serverEnv,
  signedInAdminPage,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
} from "./support.ts";

/*
 * The airdrop review queue in the console: an administrator sees the claims waiting
 * for review with their full wallet and how it compares with the leaderboard, approves one (it
 * leaves the pending list, the claimant is e-mailed), rejects another with a note, and ends on the
 * empty queue. Its own server: the claims are inserted straight into its database.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.ADMIN_AIRDROP_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-admin-airdrop-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Rita", lastName: "Reviewer", email: `review.admin.${stamp}@example.com`, password: "review-pass-1" };

// EIP-55 test vectors: real checksummed addresses.
const SIGNED_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const MATCHING_WALLET = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const LISTED_ELSEWHERE = "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB";
const OTHER_WALLET = "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb";

const CLAIMS = [
  { username: "Unlinked-Pioneer", wallet: SIGNED_WALLET, email: `unlinked.${stamp}@example.com`, signed: true, emailVerified: true, minutesAgo: 30 },
  { username: "Listed-Match", wallet: MATCHING_WALLET, email: `match.${stamp}@example.com`, signed: false, emailVerified: false, minutesAgo: 20 },
  { username: "Listed-Elsewhere", wallet: OTHER_WALLET, email: `elsewhere.${stamp}@example.com`, signed: true, emailVerified: true, minutesAgo: 10 },
] as const;

let server: IsolatedServer;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** The sprint's leaderboard with a wallet column, through the import command the team uses. */
function importLeaderboard() {
  const file = path.join(server.dataDir, "leaderboard.csv");
  writeFileSync(
    file,
    [
      "username,xp,wallet",
      "Unlinked-Pioneer,9000,",
      `Listed-Match,6000,${MATCHING_WALLET}`,
      `Listed-Elsewhere,3000,${LISTED_ELSEWHERE}`,
      "Bystander,2000,",
    ].join("\n"),
  );
  const output = execFileSync(process.execPath, [path.join(ROOT, "apps/server/src/features/leads/import-leaderboard.ts"), file], {
    cwd: ROOT,
    env: serverEnv(server),
    stdio: "pipe",
    encoding: "utf8",
  });
  expect(output).toMatch(/Imported 4 participants \(2 with a wallet\)/);
}

/** Claims waiting for review, as the claim form (or the migration, for unsigned ones) leaves them. */
function insertPendingClaims() {
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    const sprint = db.prepare("select id, total_xp, token_pool from sprints where is_active = 1").get() as { id: string; total_xp: number; token_pool: number };
    const entry = (username: string) =>
      db.prepare("select xp, reward_units from sprint_leaderboard where sprint_id = ? and username_key = ?").get(sprint.id, username.toLowerCase()) as {
        xp: number;
        reward_units: string;
      };
    const insert = db.prepare(`insert into pioneer_users
      (id, sprint_id, zealy_username, username_key, wallet_address, email, tg_account, xp_earned, pool_share_bp, vstn_rewards, vstn_reward_units,
       verification_date, distribution_date, status, note, created_at, updated_at, verified_at, claim_status, wallet_verified_at, reviewed_at, reviewed_by, review_note)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', null, ?, ?, ?, 'pending_review', ?, null, null, null)`);
    for (const claim of CLAIMS) {
      const at = new Date(Date.now() - claim.minutesAgo * 60_000).toISOString();
      const { xp: earned, reward_units: units } = entry(claim.username);
      const bp = Math.floor((earned * 10_000) / sprint.total_xp);
      const reward = Number(BigInt(units) / 10n ** 18n);
      insert.run(
        `claim-${claim.username.toLowerCase()}-${stamp}`,
        sprint.id,
        claim.username,
        claim.username.toLowerCase(),
        claim.wallet.toLowerCase(),
        claim.email,
        "@pioneer_tg",
        earned,
        bp,
        reward,
        units,
        at,
        new Date(Date.parse(at) + 720 * 3_600_000).toISOString(),
        at,
        at,
        claim.emailVerified ? at : null,
        claim.signed ? at : null,
      );
    }
  } finally {
    db.close();
  }
}

function claimStatusOf(username: string): string | undefined {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return (db.prepare("select claim_status from pioneer_users where username_key = ?").get(username.toLowerCase()) as { claim_status: string } | undefined)
      ?.claim_status;
  } finally {
    db.close();
  }
}

function outbox(): string[] {
  try {
    const dir = path.join(server.dataDir, "outbox");
    return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), "utf8"));
  } catch {
    return [];
  }
}

const createAdmin = () => createAdminOn(server, ADMIN);
const signedInPage = (browser: Browser, viewport: { width: number; height: number }) =>
  signedInAdminPage(browser, server, ADMIN, "/admin/airdrop", "Airdrop review", viewport);

type AxeViolation = { id: string; impact: string | null; nodes: Array<{ target: unknown }> };

/** Serious and critical WCAG 2 A/AA violations, the toaster left out (a toast may be fading). */
async function axeViolations(page: Page) {
  await page.evaluate(readFileSync(AXE_PATH, "utf8"));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: object, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ exclude: [["[data-sonner-toaster]"]] }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const card = (page: Page, username: string) => page.getByRole("article", { name: username });
/** "Pending review", shortened to "Pending" on phones. */
const pendingTab = (page: Page) => page.getByRole("tab", { name: /^Pending/ });

describe("airdrop review in the console", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    importLeaderboard();
    insertPendingClaims();
    await createAdmin();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the pending claims on a phone, with full wallets and how they compare with the leaderboard", async () => {
    const { page, context } = await signedInPage(browser(), PHONE);
    await poll(() => card(page, "Listed-Elsewhere").isVisible()).toBe(true);
    await poll(() => pendingTab(page).textContent()).toContain("3");
    // Oldest first: the queue is worked in the order claims came in.
    const names = await page.getByRole("article").locator("h2").allTextContents();
    expect(names).toEqual(["Unlinked-Pioneer", "Listed-Match", "Listed-Elsewhere"]);
    expect(await card(page, "Unlinked-Pioneer").getByText(SIGNED_WALLET, { exact: true }).isVisible()).toBe(true);
    expect(await card(page, "Unlinked-Pioneer").getByText("Signed by this wallet").isVisible()).toBe(true);
    expect(await card(page, "Unlinked-Pioneer").getByText("Leaderboard lists no wallet").isVisible()).toBe(true);
    expect(await card(page, "Listed-Match").getByText("Matches the leaderboard wallet").isVisible()).toBe(true);
    expect(await card(page, "Listed-Elsewhere").getByText("Differs from the leaderboard wallet").isVisible()).toBe(true);
    expect(await card(page, "Listed-Elsewhere").getByText(LISTED_ELSEWHERE).isVisible()).toBe(true);

    // The copy button puts the full address on the clipboard.
    await card(page, "Unlinked-Pioneer")
      .getByRole("button", { name: /Copy the wallet address/ })
      .click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(SIGNED_WALLET);

    await shoot(page, "review-390");
    expect(await axeViolations(page)).toEqual([]);

    // A wallet other than the one the leaderboard lists, or one that never signed, cannot be approved (the server refuses it too).
    const elsewhere = card(page, "Listed-Elsewhere").getByRole("button", { name: "Approve the claim of Listed-Elsewhere" });
    expect(await elsewhere.isDisabled()).toBe(true);
    expect(
      await card(page, "Listed-Elsewhere")
        .getByText(/Cannot be approved: the leaderboard links another wallet/)
        .isVisible(),
    ).toBe(true);
    expect(await card(page, "Listed-Match").getByRole("button", { name: "Approve the claim of Listed-Match" }).isDisabled()).toBe(true);
    expect(
      await card(page, "Listed-Match")
        .getByText(/Cannot be approved: the claim was made before claims were signed/)
        .isVisible(),
    ).toBe(true);
    await shoot(page, "approve-blocked-390");
    expect(claimStatusOf("Listed-Elsewhere")).toBe("pending_review");
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("approves a pending claim: it leaves the pending list, shows under Granted and the claimant is e-mailed", async () => {
    const { page, context } = await signedInPage(browser(), DESKTOP);
    await poll(() => card(page, "Unlinked-Pioneer").isVisible()).toBe(true);
    await shoot(page, "review-1280");
    expect(await axeViolations(page)).toEqual([]);

    await card(page, "Unlinked-Pioneer").getByRole("button", { name: "Approve the claim of Unlinked-Pioneer" }).click();
    const dialog = page.getByRole("alertdialog");
    await poll(() => dialog.getByRole("heading", { name: "Approve the claim of Unlinked-Pioneer?" }).isVisible()).toBe(true);
    await dialog.getByLabel("Note (optional)").fill("Zealy account checked by hand.");
    await shoot(page, "approve-dialog-1280");
    expect(await axeViolations(page)).toEqual([]);
    // Escape backs out without deciding.
    await page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);
    expect(claimStatusOf("Unlinked-Pioneer")).toBe("pending_review");

    await card(page, "Unlinked-Pioneer").getByRole("button", { name: "Approve the claim of Unlinked-Pioneer" }).click();
    await dialog.getByRole("button", { name: "Approve claim" }).click();
    // (While the dialog is open the page behind it is hidden from the accessibility tree.)
    await poll(() => dialog.count()).toBe(0);
    await poll(() => card(page, "Unlinked-Pioneer").count()).toBe(0);
    await poll(() => pendingTab(page).textContent()).toContain("2");
    expect(claimStatusOf("Unlinked-Pioneer")).toBe("granted");
    await poll(() => outbox().some((mail) => mail.includes(CLAIMS[0].email) && /approved/i.test(mail))).toBe(true);

    await page.getByRole("tab", { name: /Granted/ }).click();
    await poll(() => card(page, "Unlinked-Pioneer").isVisible()).toBe(true);
    expect(
      await card(page, "Unlinked-Pioneer")
        .getByText(new RegExp(`Approved by ${ADMIN.email.replace(/[.]/g, "\\.")}`))
        .isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).searchParams.get("status")).toBe("granted");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("rejects the others and ends on the empty queue", async () => {
    const { page, context } = await signedInPage(browser(), DESKTOP);
    for (const username of ["Listed-Elsewhere", "Listed-Match"]) {
      await poll(() => card(page, username).isVisible()).toBe(true);
      await card(page, username)
        .getByRole("button", { name: `Reject the claim of ${username}` })
        .click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByLabel("Note (optional)").fill("Not the wallet connected on Zealy.");
      await dialog.getByRole("button", { name: "Reject claim" }).click();
      await poll(() => dialog.count()).toBe(0);
      await poll(() => card(page, username).count()).toBe(0);
      expect(claimStatusOf(username)).toBe("rejected");
    }
    await poll(() => page.getByText("No claims waiting for review").isVisible()).toBe(true);
    await poll(() => pendingTab(page).textContent()).toContain("0");
    await shoot(page, "empty-1280");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: /Rejected/ }).click();
    await poll(() => card(page, "Listed-Match").isVisible()).toBe(true);
    expect(await card(page, "Listed-Match").getByText("“Not the wallet connected on Zealy.”").isVisible()).toBe(true);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows in the leads inbox which wallets were signed for and each claim's status, and filters by both", async () => {
    const { page, context } = await signedInPage(browser(), DESKTOP);
    await page.goto("/admin/leads?type=airdrop-claims");
    await waitForHydration(page);
    const table = page.getByRole("region", { name: /Airdrop/ });
    const row = (username: string) => table.getByRole("row").filter({ hasText: username });
    await poll(() => row("Unlinked-Pioneer").isVisible()).toBe(true);
    expect(await table.getByRole("columnheader", { name: "Wallet", exact: true }).isVisible()).toBe(true);
    expect(await table.getByRole("columnheader", { name: "Claim", exact: true }).isVisible()).toBe(true);
    expect(await row("Unlinked-Pioneer").getByText("Signed", { exact: true }).isVisible()).toBe(true);
    expect(await row("Unlinked-Pioneer").getByText("Granted", { exact: true }).isVisible()).toBe(true);
    expect(await row("Listed-Match").getByText("Not verified", { exact: true }).isVisible()).toBe(true);
    expect(await row("Listed-Match").getByText("Rejected", { exact: true }).isVisible()).toBe(true);
    await shoot(page, "inbox-pioneers-1280");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Wallet", { exact: true }).selectOption("verified");
    await poll(() => row("Listed-Match").count()).toBe(0);
    await poll(() => row("Unlinked-Pioneer").isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("wallet")).toBe("verified");
    await page.getByLabel("Wallet", { exact: true }).selectOption("");
    // One filter at a time: each change rewrites the address bar from the one before it.
    await poll(() => new URL(page.url()).searchParams.has("wallet")).toBe(false);
    await page.getByLabel("Claim", { exact: true }).selectOption("rejected");
    await poll(() => row("Unlinked-Pioneer").count()).toBe(0);
    await poll(() => row("Listed-Match").isVisible()).toBe(true);
    await poll(() => row("Listed-Elsewhere").isVisible()).toBe(true);
    // The e-mail filter is still about the e-mail address.
    await page.getByLabel("E-mail", { exact: true }).selectOption("verified");
    await poll(() => row("Listed-Match").count()).toBe(0);
    await poll(() => row("Listed-Elsewhere").isVisible()).toBe(true);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
