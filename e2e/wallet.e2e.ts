import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shortAddress, WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { openWithWallet, TEST_WALLETS } from "./injected-wallet.ts";
import { finishPresale, presaleToWalletStep, visible } from "./lead-support.ts";
import { seriousAxeViolations } from "./learner-support.ts";
import { DESKTOP, jsErrors, PHONE, startIsolatedServer, useBrowser, type IsolatedServer } from "./support.ts";

/*
 * Wallet ownership proven by signature, in the browser: an EIP-1193 wallet injected
 * into the page (EIP-6963) and backed by a viem local account signs the server's EIP-4361 message;
 * the claim and the presale go through a server of their own, whose leaderboard lists the wallet.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.WALLET_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-wallet-screenshots");

const claimKey = generatePrivateKey();
const claimAccount = privateKeyToAccount(claimKey);
const strangerKey = generatePrivateKey();
const linkedElsewhere = privateKeyToAccount(generatePrivateKey()).address;

let server: IsolatedServer;
let serial = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${++serial}@example.com`;

function database() {
  return new Database(path.join(server.dataDir, "app.db"));
}

/** The sprint's leaderboard as a Zealy export with a wallet column, through the import command. */
function importLeaderboard() {
  const file = path.join(server.dataDir, "leaderboard.csv");
  writeFileSync(
    file,
    [
      "username,xp,wallet",
      `Signed-Pioneer,9000,${claimAccount.address}`,
      `Linked-Elsewhere,7000,${linkedElsewhere}`,
      "Unlinked-Pioneer,4000,",
      "Spare-Pioneer,3000,",
    ].join("\n"),
  );
  const env = {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: server.dataDir,
    DATABASE_URL: `sqlite:${path.join(server.dataDir, "app.db")}`,
    PUBLIC_URL: server.url,
    LOG_LEVEL: "warn",
  };
  const output = execFileSync(process.execPath, [path.join(ROOT, "apps/server/src/features/leads/import-leaderboard.ts"), file], {
    cwd: ROOT,
    env,
    stdio: "pipe",
    encoding: "utf8",
  });
  expect(output).toMatch(/Imported 4 participants \(2 with a wallet\)/);
}

/** Polls up to 10 s: a step can wait for the server and the wallet, and the suite runs files in parallel. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
/** The visible box of the wallet's current state (the status line repeats it for screen readers). */
const panel = (page: Page) => page.locator("[id$='-wallet-panel']");
const walletState = (page: Page, scope = "") => page.locator(`${scope} [data-wallet-state]`).first().getAttribute("data-wallet-state");

/** The whole page, and the card the state is in (to look at closely). */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const card = page
    .locator(
      '[role="dialog"], section[aria-label="Verification form"], form:has([role="progressbar"]), section:has(#eligibility-heading), section:has(h2:text("Check your eligibility"))',
    )
    .first();
  if (await card.count()) await card.screenshot({ path: path.join(SHOTS, `${name}.card.png`) });
}

async function fillClaimDetails(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Telegram account").fill("@signed_pioneer");
}

const verifyClaimButton = (page: Page) => page.getByRole("button", { name: WALLET_MESSAGES.verifyClaim });
const verifyPresaleButton = (page: Page) => page.getByRole("button", { name: WALLET_MESSAGES.verifyPresale });

/** The stored presale registration's wallet and when its signature was checked. */
function presaleLead(email: string): { wallet_address: string; wallet_verified_at: string | null } | undefined {
  const db = database();
  try {
    return db.prepare("SELECT wallet_address, wallet_verified_at FROM presale_registrations WHERE email = ?").get(email.toLowerCase()) as
      | { wallet_address: string; wallet_verified_at: string | null }
      | undefined;
  } finally {
    db.close();
  }
}

describe("wallet verification", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    importLeaderboard();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("loads viem only when the person starts, then claims for the leaderboard entry that lists the wallet (granted)", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), server.url, "/verification", { privateKey: claimKey });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const scripts = new Map<string, string>();
    page.on("response", async (res) => {
      if (new URL(res.url()).pathname.endsWith(".js")) scripts.set(res.url(), await res.text().catch(() => ""));
    });
    await page.reload();
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.waitForLoadState("networkidle");
    const initial = [...scripts.values()];
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.some((code) => code.includes("personal_sign"))).toBe(false);

    // The signature is bound to the username: it is asked for first.
    await verifyClaimButton(page).click();
    await poll(visible(page, WALLET_MESSAGES.usernameRequired)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("zealyUsername");
    expect(wallet.calls).toEqual([]);

    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Signed-Pioneer");
    await verifyClaimButton(page).click();
    await poll(() => walletState(page)).toBe("verified");
    // The focus stays in the wallet step (the verified box replaces the action button).
    await poll(() => page.evaluate(() => document.activeElement?.closest("[data-wallet-state]")?.getAttribute("data-wallet-state"))).toBe("verified");
    // viem came with the click, in a chunk of its own.
    expect([...scripts.values()].some((code) => code.includes("personal_sign"))).toBe(true);
    expect(wallet.calls.map((c) => c.method)).toEqual(expect.arrayContaining(["eth_requestAccounts", "eth_chainId", "personal_sign"]));
    expect(wallet.calls.some((c) => c.method === "wallet_switchEthereumChain")).toBe(false);
    expect(wallet.signed).toHaveLength(1);
    expect(wallet.signed[0]).toContain("Zealy user Signed-Pioneer");
    expect(wallet.signed[0]).toContain(claimAccount.address);
    expect(wallet.signed[0]).toContain("Chain ID: 8453");

    // The verified view: the address filled in, shortened with the full one for screen readers, copy.
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe(claimAccount.address);
    expect(await page.locator("[data-wallet-state=verified]").getByText(WALLET_MESSAGES.verified, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(shortAddress(claimAccount.address), { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTitle(claimAccount.address).count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: claimAccount.address }).count()).toBe(1);
    await page.getByRole("button", { name: WALLET_MESSAGES.copy }).click();
    await poll(() => page.getByRole("button", { name: WALLET_MESSAGES.copied }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(claimAccount.address);
    await shoot(page, "verification-verified-1280");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

    // Another username drops the proof (it named the old one); signing again restores it.
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Signed-Pioneer2");
    await poll(() => walletState(page)).toBe("idle");
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("signed-pioneer");
    await verifyClaimButton(page).click();
    await poll(() => walletState(page)).toBe("verified");
    expect(wallet.signed).toHaveLength(2);

    await fillClaimDetails(page, unique("signed"));
    await page.setViewportSize(PHONE);
    await shoot(page, "verification-verified-390");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    const result = page.getByRole("dialog", { name: "Verification Submitted" });
    await poll(() => result.getByText(/\$VSTN scheduled for/).isVisible()).toBe(true);
    expect(await result.getByText(WALLET_MESSAGES.pendingReview).count()).toBe(0);
    expect(await result.getByText("Wallet verified by signature").isVisible()).toBe(true);

    const db = database();
    const claim = db.prepare("SELECT claim_status, wallet_address, wallet_verified_at FROM pioneer_users WHERE username_key = ?").get("signed-pioneer") as
      | { claim_status: string; wallet_address: string; wallet_verified_at: string | null }
      | undefined;
    db.close();
    expect(claim).toMatchObject({ claim_status: "granted", wallet_address: claimAccount.address.toLowerCase() });
    expect(claim?.wallet_verified_at).toBeTruthy();
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows the server's refusal on the address for a wallet the leaderboard does not link, and the review notice for an unlinked username", async () => {
    const { page, context } = await openWithWallet(browser(), server.url, "/verification", { privateKey: strangerKey, viewport: PHONE });
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Linked-Elsewhere");
    await verifyClaimButton(page).click();
    await poll(() => walletState(page)).toBe("verified");
    await fillClaimDetails(page, unique("stranger"));
    await page.getByRole("button", { name: "Submit Verification" }).click();
    // 403 notLinkedWallet: on the field (and the proof is dropped, so another wallet can sign).
    await poll(() => page.locator("#claim-walletAddress-error").textContent()).toBe(WALLET_MESSAGES.notLinkedWallet);
    expect(await walletState(page)).toBe("idle");
    await shoot(page, "verification-not-linked-390");

    // A username the leaderboard lists without a wallet: signed, stored, waiting for the team.
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Unlinked-Pioneer");
    await verifyClaimButton(page).click();
    await poll(() => walletState(page)).toBe("verified");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    const result = page.getByRole("dialog", { name: "Verification Submitted" });
    await poll(() => result.getByText(WALLET_MESSAGES.pendingReview).isVisible()).toBe(true);
    await poll(() => result.getByText(/waiting for the team's review/).isVisible()).toBe(true);
    await shoot(page, "verification-pending-review-390");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);
    await context.close();
  });

  it("says when the person cancels the connection or the signature, and signs on Try again", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), server.url, "/verification", {
      viewport: PHONE,
      behaviour: { reject: { connect: true, sign: false, switchChain: false } },
    });
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Spare-Pioneer");
    await verifyClaimButton(page).click();
    await poll(() => panel(page).getByText(WALLET_MESSAGES.connectRejected).isVisible()).toBe(true);
    expect(await walletState(page)).toBe("connect-rejected");

    wallet.behaviour.reject = { connect: false, sign: true, switchChain: false };
    await page.getByRole("button", { name: "Try again" }).click();
    await poll(() => walletState(page)).toBe("rejected");
    expect(await panel(page).getByText(WALLET_MESSAGES.rejected, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: WALLET_MESSAGES.rejected }).count()).toBe(1);
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe("");
    await shoot(page, "verification-rejected-390");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

    wallet.behaviour.reject.sign = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await poll(() => walletState(page)).toBe("verified");
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe(wallet.account.address);

    // Use another wallet: the proof and the address it filled in are dropped.
    await page.getByRole("button", { name: WALLET_MESSAGES.disconnect }).click();
    await poll(() => walletState(page)).toBe("idle");
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe("");
    await context.close();
  });

  it("without a wallet says what to do, and the address can still be typed", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openWithWallet(browser(), server.url, "/verification", { viewport, wallets: 0 });
      await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Spare-Pioneer");
      await verifyClaimButton(page).click();
      await poll(() => walletState(page)).toBe("no-wallet");
      expect(await panel(page).getByText(WALLET_MESSAGES.noWallet).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: /MetaMask/ }).getAttribute("href")).toBe("https://metamask.io/download/");
      await page.getByRole("textbox", { name: "Wallet address", exact: true }).fill("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
      expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
      // Without a signature the claim is not sent: the field says why.
      await fillClaimDetails(page, unique("nowallet"));
      const posts: string[] = [];
      page.on("request", (req) => {
        if (req.method() === "POST" && req.url().includes("/pioneer-users")) posts.push(req.url());
      });
      await page.getByRole("button", { name: "Submit Verification" }).click();
      await poll(() => page.locator("#claim-walletAddress-error").textContent()).toBe(WALLET_MESSAGES.proofRequired);
      expect(posts).toEqual([]);
      await shoot(page, `verification-no-wallet-${viewport.width}`);
      expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);
      await context.close();
    }
  });

  it("offers a chooser when several wallets are installed, and says when the wallet is locked", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), server.url, "/verification", {
      viewport: PHONE,
      wallets: 2,
      behaviour: { locked: true },
    });
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("Spare-Pioneer");
    await verifyClaimButton(page).click();
    const chooser = page.getByRole("dialog", { name: WALLET_MESSAGES.choose });
    await poll(() => chooser.isVisible()).toBe(true);
    for (const w of TEST_WALLETS) expect(await chooser.getByRole("button", { name: w.name }).isVisible()).toBe(true);
    expect(await chooser.locator("img").count()).toBe(2);
    await shoot(page, "verification-chooser-390");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);
    await page.keyboard.press("Escape");
    await poll(() => chooser.count()).toBe(0);
    expect(await walletState(page)).toBe("idle");

    await verifyClaimButton(page).click();
    await chooser.getByRole("button", { name: "Second Wallet" }).click();
    await poll(() => walletState(page)).toBe("locked");
    expect(await panel(page).getByText(WALLET_MESSAGES.locked).isVisible()).toBe(true);
    expect(wallet.calls.at(-1)).toMatchObject({ wallet: TEST_WALLETS[1]?.uuid, method: "eth_requestAccounts" });
    await shoot(page, "verification-locked-390");

    wallet.behaviour.locked = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await poll(() => walletState(page)).toBe("verified");
    await context.close();
  });

  it("presale step 3: a hand-typed address is noted as unverified; verifying on another network switches to Base and the lead is stored verified", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), server.url, "/presale", { viewport: PHONE, behaviour: { chainId: 1 } });
    const email = unique("presale.verified");
    await presaleToWalletStep(page, email);
    const field = page.getByLabel("Which wallet address should receive your tokens?");
    await field.fill("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect(await page.getByText(WALLET_MESSAGES.unverifiedNote).isVisible()).toBe(true);
    await shoot(page, "presale-step3-typed-390");

    await verifyPresaleButton(page).click();
    await poll(() => walletState(page)).toBe("wrong-network");
    expect(await panel(page).getByText(WALLET_MESSAGES.wrongNetwork).isVisible()).toBe(true);
    await shoot(page, "presale-step3-wrong-network-390");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await shoot(page, "presale-step3-wrong-network-1280");
    await page.setViewportSize(PHONE);

    await page.getByRole("button", { name: WALLET_MESSAGES.switchNetwork }).click();
    await poll(() => walletState(page)).toBe("verified");
    expect(wallet.behaviour.chainId).toBe(8453);
    expect(wallet.signed[0]).toContain("presale whitelist");
    expect(await field.inputValue()).toBe(wallet.account.address);
    expect(await page.getByText(WALLET_MESSAGES.unverifiedNote).count()).toBe(0);
    await shoot(page, "presale-step3-verified-390");
    await page.setViewportSize(DESKTOP);
    await shoot(page, "presale-step3-verified-1280");
    expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

    await finishPresale(page);
    const lead = presaleLead(email);
    expect(lead?.wallet_address).toBe(wallet.account.address.toLowerCase());
    expect(lead?.wallet_verified_at).toBeTruthy();
    await context.close();
  });

  it("presale: signing on the wallet's own network needs no switch; editing the address afterwards stores it unverified", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), server.url, "/presale", { viewport: PHONE, behaviour: { chainId: 1 } });
    const email = unique("presale.edited");
    await presaleToWalletStep(page, email);
    await verifyPresaleButton(page).click();
    await page.getByRole("button", { name: WALLET_MESSAGES.continueAnyway }).click();
    await poll(() => walletState(page)).toBe("verified");
    expect(wallet.calls.some((c) => c.method === "wallet_switchEthereumChain")).toBe(false);

    const field = page.getByLabel("Which wallet address should receive your tokens?");
    const typed = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    await field.fill(typed);
    await poll(() => walletState(page)).toBe("idle");
    expect(await page.getByText(WALLET_MESSAGES.unverifiedNote).isVisible()).toBe(true);
    await finishPresale(page);
    const lead = presaleLead(email);
    expect(lead).toEqual({ wallet_address: typed, wallet_verified_at: null });
    await context.close();
  });

  it("the eligibility checker answers by username and by wallet, with the claim state and no personal data", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openWithWallet(browser(), server.url, "/zealy-claim", { viewport, wallets: 0 });
      const input = page.getByLabel("Username or wallet to check");
      const check = page.getByRole("button", { name: "Check", exact: true });
      const card = page.locator("section", { has: page.getByRole("heading", { name: "Check your eligibility" }) });

      await check.click();
      await poll(visible(page, "Enter a Zealy username or a wallet address.")).toBe(true);

      await input.fill("nobody-on-the-board");
      await check.click();
      await poll(() => card.getByText("Not on the leaderboard").isVisible()).toBe(true);

      await input.fill("Spare-Pioneer");
      await check.click();
      await poll(() => card.getByText("On the leaderboard", { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText("Not claimed yet").isVisible()).toBe(true);
      expect(await card.getByText("3,000 XP").isVisible()).toBe(true);
      expect(await card.getByRole("link", { name: "Verify & Claim" }).getAttribute("href")).toBe("/verification");
      await shoot(page, `zealy-claim-eligible-${viewport.width}`);
      expect(await seriousAxeViolations(page, { excludeToasts: true })).toEqual([]);

      // By the wallet the leaderboard lists: claimed in the first test, and no e-mail or wallet in the answer.
      await input.fill(claimAccount.address);
      await check.click();
      await poll(() => card.getByText("Claimed", { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText("9,000 XP").isVisible()).toBe(true);
      expect(await card.getByText(WALLET_MESSAGES.walletUsed).count()).toBe(0);
      const text = (await card.textContent()) ?? "";
      expect(text).not.toContain("@example.com");
      expect(text.toLowerCase()).not.toContain(claimAccount.address.toLowerCase().slice(2, 12));
      await shoot(page, `zealy-claim-claimed-${viewport.width}`);
      await context.close();
    }
  });
});
