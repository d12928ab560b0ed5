import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_UNIT } from "@vestin/shared/airdrop-rewards";
import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn-core";
import { injectWallet } from "./injected-wallet.ts";
import { answerQuestion, courseAssessmentFile, enrolAndComplete, expectAccessible, learnerApi, seedQuestionOf, seedQuestions } from "./learner-support.ts";
import {
  type AdminAccount,
  adminCommand,
  createAdminOn,
  DESKTOP,
  type IsolatedServer,
  outboxMails,
  PHONE,
  registerAccount,
  serverEnv,
  signedInAdminPage,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
} from "./support.ts";

/*
 * Learn and earn, the done-when story: an administrator adds an assessment quest in the console;
 * a learner links a wallet by signature (an injected wallet), passes the course's assessment and
 * sees the XP arrive on the result, on My learning and on the eligibility checker, next to the
 * Zealy XP the same wallet earned; a second account trying the same wallet is refused; the
 * administrator freezes the sprint and the learner's address is on the allow-list with the learning
 * XP's share of the pool, its proof verifying with StandardMerkleTree.verify. Its own server:
 * it imports a sprint and freezes it.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const SHOTS = process.env.LEARN_EARN_SHOTS_DIR ?? "/work/notes/shots/earn-web";
const COURSE = "nfts-01-nft-fundamentals";
const COURSE_TITLE = "NFT Fundamentals";
const SPRINT_ID = `e2e-earn-${Date.now().toString(36)}`;
const SPRINT_NAME = "Learn and Earn Sprint";
const POOL = 1_000;
const ZEALY_XP = 500;
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Quinn", lastName: "Quests", email: `quests.admin.${stamp}@example.com`, password: "quests-pass-1" };
const walletKey = generatePrivateKey();
const wallet = privateKeyToAccount(walletKey).address;

let server: IsolatedServer;
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout, interval: 200 });
const api = (p: string, init: Parameters<typeof learnerApi>[1] = {}) => learnerApi(p, { base: server.url, ...init });
const data = async <T>(res: Response): Promise<T> => ((await res.json()) as { data: T }).data;

/** A new sprint whose Zealy leaderboard lists the learner's wallet, through the import command the team uses. */
function importSprint() {
  const dir = path.join(server.dataDir, "imports");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "leaderboard.csv");
  writeFileSync(file, ["username,xp,wallet", `Earning-Pioneer,${ZEALY_XP},${wallet}`].join("\n"));
  const output = execFileSync(
    process.execPath,
    [
      path.join(ROOT, "apps/server/src/features/leads/import-leaderboard.ts"),
      file,
      "--sprint-id",
      SPRINT_ID,
      "--token-pool",
      String(POOL),
      "--name",
      SPRINT_NAME,
    ],
    { cwd: ROOT, env: serverEnv(server), stdio: "pipe", encoding: "utf8" },
  );
  expect(output).toMatch(/Imported 1 participant/);
}

/** A learner whose e-mail address is proven (a password link opened) and whose lessons are done; answers the session. */
async function confirmedLearner(firstName: string): Promise<{ token: string; user: unknown; email: string }> {
  const email = `earn.${firstName.toLowerCase()}.${stamp}@example.com`;
  expect((await registerAccount(server.url, { firstName, lastName: "Mensah", email, password: "learner-pass" })).status).toBe(201);
  expect((await api("/auth/forgot-password", { method: "POST", body: { email } })).status).toBe(200);
  let link = "";
  await poll(() => {
    link = /http:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(outboxMails(server.dataDir).find((m) => m.to.includes(email))?.text ?? "")?.[0] ?? "";
    return link;
  }).not.toBe("");
  const token = new URL(link).searchParams.get("token");
  expect((await api("/auth/reset-password", { method: "PUT", body: { token, password: "learner-pass-2" } })).status).toBe(200);
  const session = await data<{ token: string; user: unknown }>(await api("/auth/login", { method: "POST", body: { email, password: "learner-pass-2" } }));
  return { ...session, email };
}

/** A context with the test wallet installed and the learner's session stored, as the sign-in page leaves it. */
async function learnerContext(
  browser: Browser,
  session: { token: string; user: unknown },
  viewport = DESKTOP,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: "reduce", bypassCSP: true });
  await injectWallet(context, { privateKey: walletKey });
  await context.addInitScript((s) => {
    localStorage.setItem("token", s.token);
    localStorage.setItem("user", JSON.stringify(s.user));
  }, session);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  return { page, context };
}

async function open(page: Page, to: string) {
  await page.goto(to);
  await waitForHydration(page);
}

/** Screenshots at 390 and 1280 px wide, to look at (of `part` only, when given); the page is left at 1280. */
async function shoot(page: Page, name: string, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    const file = path.join(SHOTS, `e2e-${name}-${width}.png`);
    if (part) await part.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
}

/** The value of a datetime-local input, in the browser's own time zone. */
const localInput = (page: Page, at: number) =>
  page.evaluate((ms) => {
    const d = new Date(ms);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, at);

describe("learn and earn", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer();
    importSprint();
    await createAdminOn(server, ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a quest made in the console is earned by a learner with a linked wallet, counted with the Zealy XP, refused to a second account, and frozen into the allow-list", async () => {
    // The administrator adds the quest in the console.
    const admin = await signedInAdminPage(browser(), server, ADMIN, "/admin/quests", "Quests", DESKTOP);
    const console_ = admin.page;
    await console_.getByRole("button", { name: "New quest" }).click();
    const dialog = console_.getByRole("dialog", { name: "New quest" });
    await dialog.getByLabel("Title").fill(`Pass ${COURSE_TITLE}`);
    await poll(() => dialog.getByRole("option", { name: COURSE_TITLE }).count()).toBe(1);
    await dialog.getByLabel("Course").selectOption({ label: COURSE_TITLE });
    await dialog.getByLabel("Starts").fill(await localInput(console_, Date.now() - 3_600_000));
    await dialog.getByRole("button", { name: "Create quest" }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() =>
      console_
        .getByTestId("quest-row")
        .filter({ hasText: `Pass ${COURSE_TITLE}` })
        .count(),
    ).toBe(1);
    expect(await console_.getByTestId("quest-row").textContent()).toContain("150 / 100 / 50 XP");
    // Fresh test accounts: the sprint asks no minimum account age (the running sprint's 24 h shown first).
    const minimumAge = console_.getByLabel("Minimum account age (hours)");
    await poll(() => minimumAge.inputValue()).toBe("24");
    await minimumAge.fill("0");
    await console_.getByRole("button", { name: "Save", exact: true }).click();
    await poll(() => console_.getByText("Sprint settings saved").isVisible()).toBe(true);
    await expectAccessible(console_, "admin quests");

    // The learner links the wallet on My learning.
    const learner = await confirmedLearner("Kofi");
    await enrolAndComplete(learner.token, COURSE, 0, server.url);
    const { page, context } = await learnerContext(browser(), learner);
    await open(page, "/learn/my-learning");
    const panel = page.getByTestId("learn-earn-panel");
    await poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getByRole("heading", { level: 2 }).textContent()).toBe(`Quests of ${SPRINT_NAME}`);
    expect(await panel.getByTestId("xp-disclaimer").textContent()).toContain(LEARN_EARN_MESSAGES.disclaimer);
    const quest = panel.getByTestId("quest").filter({ hasText: `Pass ${COURSE_TITLE}` });
    expect(await quest.getAttribute("data-grant")).toBe("open");
    expect(await quest.textContent()).toContain("90 % or more: 150 XP");
    // The quest's title leads to its course (a page, not the 404).
    const href = (await quest.getByRole("link", { name: `Pass ${COURSE_TITLE}` }).getAttribute("href")) ?? "";
    expect((await fetch(new URL(href, server.url))).status, href).toBe(200);
    await panel.getByRole("button", { name: "Link your wallet" }).click();
    await poll(() => panel.getByTestId("linked-wallet").isVisible()).toBe(true);
    expect(await panel.getByTestId("linked-wallet").textContent()).toContain(wallet);
    expect(await panel.getByTestId("zealy-xp").textContent()).toBe(`${ZEALY_XP} XP`);

    // The learner passes the assessment in the browser: the XP arrives on the result.
    await open(page, `/learn/course/${COURSE}/assessment`);
    await poll(() => page.getByTestId("xp-offer").textContent()).toBe(`Earns up to 150 XP in ${SPRINT_NAME}`);
    await page.getByRole("button", { name: "Start the assessment" }).click();
    await page.waitForURL(/assessment\?attempt=/);
    const seed = seedQuestions(courseAssessmentFile(COURSE));
    const fieldsets = page.locator("form fieldset");
    await poll(() => fieldsets.count()).toBeGreaterThan(0);
    const total = await fieldsets.count();
    for (let i = 0; i < total; i++) await answerQuestion(fieldsets.nth(i), await seedQuestionOf(fieldsets.nth(i), seed), true);
    await page.getByRole("button", { name: "Submit answers" }).click();
    const xp = page.getByTestId("assessment-xp");
    await poll(() => xp.getAttribute("data-outcome")).toBe("granted");
    expect(await xp.textContent()).toContain(`150 XP added to ${SPRINT_NAME}`);
    await shoot(page, "assessment-xp", page.getByTestId("attempt-result"));

    // The catalogue's card of the course says what its quest offers.
    await open(page, `/learn/courses?search=${encodeURIComponent(COURSE_TITLE)}`);
    const card = page.locator("article").filter({ hasText: COURSE_TITLE });
    await poll(() => card.getByTestId("xp-offer").textContent()).toBe(`Earns up to 150 XP in ${SPRINT_NAME}`);
    await shoot(page, "catalogue-offer", card);

    // My learning: the grant, and the learning XP beside the Zealy XP.
    await open(page, "/learn/my-learning");
    await poll(() => quest.getAttribute("data-grant")).toBe("granted");
    expect(await quest.getByTestId("quest-status").textContent()).toMatch(/^Earned 150 XP on /);
    expect(await panel.getByTestId("learning-xp").textContent()).toBe("150 XP");
    expect(await panel.getByTestId("total-xp").textContent()).toBe(`${ZEALY_XP + 150} XP`);
    expect(await panel.getByTestId("rank").textContent()).toBe("#1");
    await expectAccessible(page, "my learning with learn and earn");
    await shoot(page, "my-learning");
    await shoot(page, "learn-earn-panel", panel);

    // The eligibility checker: Zealy XP and learning XP apart, and their total.
    await open(page, "/zealy-claim");
    await page.getByLabel("Username or wallet to check").fill(wallet);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    const figures = page.getByTestId("eligibility-figures");
    await poll(() => figures.isVisible()).toBe(true);
    const text = await figures.textContent();
    expect(text).toContain(`Zealy XP${ZEALY_XP} XP`);
    expect(text).toContain("Learning XP150 XP");
    expect(text).toContain(`Total XP${ZEALY_XP + 150} XP`);
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await context.close();

    // A second account with the same wallet is refused, in the server's words.
    const second = await confirmedLearner("Abena");
    const other = await learnerContext(browser(), second, PHONE);
    await open(other.page, "/learn/my-learning");
    const otherPanel = other.page.getByTestId("learn-earn-panel");
    await poll(() => otherPanel.isVisible()).toBe(true);
    await otherPanel.getByRole("button", { name: "Link your wallet" }).click();
    await poll(() => otherPanel.getByTestId("wallet-link-error").textContent()).toBe(LEARN_EARN_MESSAGES.walletTaken);
    expect(await otherPanel.getByTestId("linked-wallet").count()).toBe(0);
    await other.context.close();

    // The administrator's report names the grant; the sprint is frozen; the proof verifies.
    await console_.reload();
    await waitForHydration(console_);
    await console_.getByRole("button", { name: `Report of Pass ${COURSE_TITLE}` }).click();
    const grant = console_.getByTestId("quest-grant").first();
    await poll(() => grant.getAttribute("data-status")).toBe("granted");
    expect(await grant.textContent()).toContain(wallet);
    await admin.context.close();

    const frozen = adminCommand(["allowlist", "freeze", "--sprint", SPRINT_ID, "--admin", ADMIN.email], server);
    expect(frozen.status, frozen.stderr || frozen.stdout).toBe(0);
    const proof = await data<{ root: string; address: string; amount: string; proof: string[] }>(await api(`/airdrop/proof/${wallet}`));
    expect(proof.address).toBe(wallet);
    // The wallet is the sprint's only participant, so its combined XP takes the whole pool; the Zealy
    // part is paid through a claim (none was made), so the list holds the learning XP's share of it.
    expect(proof.amount).toBe(((BigInt(POOL) * TOKEN_UNIT * 150n) / BigInt(ZEALY_XP + 150)).toString());
    expect(StandardMerkleTree.verify(proof.root, ["address", "uint256"], [proof.address, proof.amount], proof.proof)).toBe(true);
    expect(StandardMerkleTree.verify(proof.root, ["address", "uint256"], [proof.address, (BigInt(proof.amount) + 1n).toString()], proof.proof)).toBe(false);

    // What the allow-list's database row holds is the same amount.
    const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
    try {
      const row = db.prepare("select amount from allowlist_entries where lower(address) = ?").get(wallet.toLowerCase()) as { amount: string } | undefined;
      expect(row?.amount).toBe(proof.amount);
    } finally {
      db.close();
    }
  }, 180_000);
});
