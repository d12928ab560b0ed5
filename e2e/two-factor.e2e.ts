import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR, TWO_FACTOR_DEVICE_STORAGE_KEY, TWO_FACTOR_MESSAGES } from "@vestin/shared/two-factor-core";
import { expectAccessible } from "./learner-support.ts";
import {
  nextFrames,
  type AdminAccount,
  DESKTOP,
  enrolTwoFactor,
  jsErrors,
  PHONE,
  promoteToAdmin,
  startIsolatedServer,
  totpCode,
  totpCodeAfter,
  useBrowser,
  waitForHydration,
  type IsolatedServer,
  registerAccount,
  signInThroughForm,
} from "./support.ts";

/*
 * Two-factor sign-in in the browser: an administrator without it is kept out of the
 * console and sent to set it up; they scan (read the key from the page), enter the first code, get
 * ten recovery codes and the console opens. Signing in again asks for the code: a wrong one is
 * named on the field, the right one opens the console. A recovery code works once; "Remember this
 * device" skips the step next time. A member who gets the code wrong too often starts again from
 * the password. Its own server: the people here must not change what other files count.
 */

/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.TWO_FACTOR_SHOTS_DIR ?? "/tmp/shots-2fa";
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Tess", lastName: "Factor", email: `twofactor.admin.${stamp}@example.com`, password: "two-factor-pass-1" };
const MEMBER: AdminAccount = { firstName: "Milo", lastName: "Member", email: `twofactor.member.${stamp}@example.com`, password: "member-pass-1" };
const CODE_FORMAT = /^[A-Z2-7]{5}-[A-Z2-7]{5}$/;

let server: IsolatedServer;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function register(person: AdminAccount): Promise<string> {
  const res = await registerAccount(server.url, person);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function newContext(viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser().newContext({ baseURL: server.url, viewport, reducedMotion: "reduce", acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  return { page, context };
}

/** The password step of the sign-in form, on its way to `to`. */
const enterPassword = (page: Page, person: AdminAccount, to = "/admin") => signInThroughForm(page, person, to);

const codeStep = (page: Page) => page.getByRole("form", { name: "Two-factor sign-in" });
const codeField = (page: Page) => codeStep(page).getByRole("textbox", { name: "6-digit code" });
const recoveryField = (page: Page) => codeStep(page).getByRole("textbox", { name: "Recovery code" });

async function expectCodeStep(page: Page) {
  await poll(() => page.getByRole("heading", { level: 1, name: "Two-factor sign-in" }).isVisible()).toBe(true);
  expect(page.url()).toContain("/signin");
}

async function signOutOfConsole(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/signin");
  await poll(() => page.evaluate(() => window.localStorage.getItem("token"))).toBe(null);
}

async function expectConsole(page: Page) {
  await page.waitForURL((url) => url.pathname === "/admin");
  await poll(() => page.getByRole("heading", { level: 1, name: "Dashboard" }).isVisible()).toBe(true);
  expect(await page.getByRole("navigation", { name: "Console sections" }).count()).toBeGreaterThan(0);
}

/** A code that is none of the steps the server would take now. */
async function wrongCode(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1, 2].map((n) => totpCode(secret, n))));
  return ["000000", "111111", "222222", "333333", "444444"].find((c) => !near.has(c)) ?? "555555";
}

/** The screen at both widths, toasts hidden; `element` for a part of a long page. */
async function shoot(page: Page, name: string, element?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP;
  await page.evaluate(() => {
    for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]")) toaster.style.visibility = "hidden";
  });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await nextFrames(page);
    if (element) await element.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`) });
    else await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
  await page.evaluate(() => {
    for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]")) toaster.style.visibility = "";
  });
}

/** The signed-in person's two-factor state, asked with the browser's own session. */
async function statusOf(page: Page): Promise<{ enabled: boolean; recoveryCodesLeft: number; rememberedDevices: number }> {
  const token = await page.evaluate(() => window.localStorage.getItem("token"));
  const res = await fetch(`${server.url}/api/v1/me/2fa`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { enabled: boolean; recoveryCodesLeft: number; rememberedDevices: number } }).data;
}

const browser = useBrowser();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startIsolatedServer();
  await register(ADMIN);
  promoteToAdmin(ADMIN.email, server);
  await enrolTwoFactor(server, MEMBER, await register(MEMBER));
});
afterAll(async () => {
  await server?.stop();
});

describe("two-factor sign-in", () => {
  // A long journey (eight sign-ins, seven accessibility checks, screenshots at two widths): more time than the default.
  it("keeps an administrator out of the console until they set it up, then asks for the code at every sign-in", async () => {
    const { page, context } = await newContext();
    const adminCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/v1/admin")) adminCalls.push(request.url());
    });

    // 1. Without two-factor sign-in the console shows the way to set it up, and loads nothing.
    await enterPassword(page, ADMIN);
    await page.waitForURL((url) => url.pathname === "/admin");
    const panel = page.getByRole("region", { name: "Set up two-factor sign-in first" });
    await poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getByText(TWO_FACTOR_MESSAGES.adminMustEnrol).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Console sections" }).count()).toBe(0);
    expect(adminCalls).toEqual([]);
    await expectAccessible(page, "console: set up two-factor first");
    await shoot(page, "console-set-up-first");

    // 2. The panel's button leads to the account page's section, scrolled into view.
    await panel.getByRole("link", { name: "Set up two-factor sign-in" }).click();
    await page.waitForURL((url) => url.pathname === "/account" && url.hash === "#two-factor");
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await poll(() => section.getByText("Off", { exact: true }).isVisible()).toBe(true);
    expect(await section.getByText(TWO_FACTOR_MESSAGES.adminMustEnrol).isVisible()).toBe(true);
    await poll(() => section.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < window.innerHeight / 2)).toBe(true);
    await expectAccessible(page, "account: two-factor off", { excludeToasts: true });

    // 3. Set-up: a QR code the browser can draw, and the key to type, which is what the app reads.
    await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const qr = section.getByRole("img", { name: /QR code/ });
    await poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const key = (await section.getByTestId("two-factor-key").textContent()) ?? "";
    expect(key).toMatch(/^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/);
    const secret = key.replace(/\s+/g, "");
    await expectAccessible(page, "account: two-factor set-up", { excludeToasts: true });
    await shoot(page, "set-up-qr", section);

    // A wrong first code turns nothing on, and says so on the field.
    const confirm = section.getByRole("textbox", { name: "6-digit code from the app" });
    await confirm.fill(await wrongCode(secret));
    await section.getByRole("button", { name: "Turn on" }).click();
    await poll(() => section.getByText(TWO_FACTOR_MESSAGES.invalidCode).isVisible()).toBe(true);
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");

    // 4. The app's code turns it on: ten recovery codes, shown once, to copy or download.
    const first = await totpCodeAfter(secret);
    await confirm.fill(first.code);
    await section.getByRole("button", { name: "Turn on" }).click();
    const codesList = section.getByRole("list", { name: "Your recovery codes" });
    await poll(() => codesList.getByRole("listitem").count()).toBe(TWO_FACTOR.recoveryCodes);
    const codes = (await codesList.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(new Set(codes).size).toBe(TWO_FACTOR.recoveryCodes);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    expect(await section.getByText(TWO_FACTOR_MESSAGES.enabled).isVisible()).toBe(true);
    await section.getByRole("button", { name: "Copy" }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));
    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download .txt" }).click()]);
    expect(download.suggestedFilename()).toBe("vestin-recovery-codes.txt");
    const file = readFileSync(await download.path(), "utf8");
    for (const code of codes) expect(file).toContain(code);
    expect(file).toContain(ADMIN.email);
    await expectAccessible(page, "account: recovery codes", { excludeToasts: true });
    await shoot(page, "recovery-codes", section);

    // 5. The console opens now.
    await section.getByRole("link", { name: "Open the team console" }).click();
    await expectConsole(page);
    expect(adminCalls.length).toBeGreaterThan(0);
    await signOutOfConsole(page);

    // 6. Signing in again asks for the code, with the field ready to type in.
    await enterPassword(page, ADMIN);
    await expectCodeStep(page);
    await poll(() => codeField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await codeField(page).getAttribute("autocomplete")).toBe("one-time-code");
    expect(await codeField(page).getAttribute("inputmode")).toBe("numeric");
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBe(null);
    await expectAccessible(page, "sign-in: code step", { excludeToasts: true });
    await shoot(page, "sign-in-code-step");

    // A wrong code is named on the field and opens nothing.
    await codeField(page).fill(await wrongCode(secret));
    await codeStep(page).getByRole("button", { name: "Verify and sign in" }).click();
    await poll(() => codeStep(page).getByText(TWO_FACTOR_MESSAGES.invalidCode).isVisible()).toBe(true);
    expect(await codeField(page).getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBe(null);
    await expectAccessible(page, "sign-in: wrong code", { excludeToasts: true });

    // The right code (a later step than the set-up's: each is taken once) opens the console.
    await codeField(page).fill((await totpCodeAfter(secret, first.step)).code);
    await codeStep(page).getByRole("button", { name: "Verify and sign in" }).click();
    await expectConsole(page);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TWO_FACTOR_DEVICE_STORAGE_KEY)).toBe(null);
    await signOutOfConsole(page);

    // 7. A recovery code works once.
    await enterPassword(page, ADMIN);
    await expectCodeStep(page);
    await codeStep(page).getByRole("button", { name: "Use a recovery code instead" }).click();
    await poll(() => recoveryField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await recoveryField(page).fill(codes[0]?.toLowerCase() ?? "");
    await codeStep(page).getByRole("button", { name: "Verify and sign in" }).click();
    await expectConsole(page);
    await signOutOfConsole(page);

    await enterPassword(page, ADMIN);
    await expectCodeStep(page);
    await codeStep(page).getByRole("button", { name: "Use a recovery code instead" }).click();
    await recoveryField(page).fill(codes[0] ?? "");
    await codeStep(page).getByRole("button", { name: "Verify and sign in" }).click();
    await poll(() => codeStep(page).getByText(TWO_FACTOR_MESSAGES.invalidRecoveryCode).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBe(null);

    // 8. Another one, with "Remember this device": the next sign-in from this browser skips the step.
    await recoveryField(page).fill(codes[1] ?? "");
    await codeStep(page)
      .getByRole("checkbox", { name: /Remember this device for 30 days/ })
      .check();
    await codeStep(page).getByRole("button", { name: "Verify and sign in" }).click();
    await expectConsole(page);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TWO_FACTOR_DEVICE_STORAGE_KEY)).toMatch(/\S{20,}/);
    expect(await statusOf(page)).toMatchObject({ enabled: true, recoveryCodesLeft: TWO_FACTOR.recoveryCodes - 2, rememberedDevices: 1 });
    await signOutOfConsole(page);

    const logins: Array<{ deviceToken?: string }> = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/auth/login")
        logins.push(JSON.parse(request.postData() ?? "{}") as { deviceToken?: string });
    });
    await enterPassword(page, ADMIN);
    await expectConsole(page);
    expect(logins).toHaveLength(1);
    expect(logins[0]?.deviceToken).toBe(await page.evaluate((key) => window.localStorage.getItem(key), TWO_FACTOR_DEVICE_STORAGE_KEY));

    // Administrators keep it on: the account page offers new codes but no "Turn off".
    await page.goto("/account#two-factor");
    await waitForHydration(page);
    await poll(() => section.getByText("On", { exact: true }).isVisible()).toBe(true);
    expect(await section.getByTestId("recovery-codes-left").textContent()).toContain(`${TWO_FACTOR.recoveryCodes - 2} of ${TWO_FACTOR.recoveryCodes}`);
    expect(await section.getByRole("button", { name: "Turn off" }).count()).toBe(0);
    expect(await section.getByText(/Administrators must keep two-factor sign-in on/).isVisible()).toBe(true);
    await expectAccessible(page, "account: two-factor on", { excludeToasts: true });
    await shoot(page, "account-on", section);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  }, 180_000);

  it("sends a member who gets the code wrong too often back to the password, with the reason and their address kept", async () => {
    const { page, context } = await newContext(PHONE);
    await enterPassword(page, MEMBER, "/learn");
    await expectCodeStep(page);
    const wrong = await wrongCode(MEMBER.secret ?? "");
    const tryCode = async (code: string) => {
      await codeField(page).fill(code);
      const [answer] = await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).pathname === "/api/v1/auth/2fa"),
        codeStep(page).getByRole("button", { name: "Verify and sign in" }).click(),
      ]);
      return answer.status();
    };
    for (let attempt = 1; attempt <= TWO_FACTOR.attemptsPerChallenge; attempt++) {
      expect(await tryCode(wrong)).toBe(400);
      await poll(() => codeStep(page).getByText(TWO_FACTOR_MESSAGES.invalidCode).isVisible()).toBe(true);
    }
    await shoot(page, "sign-in-wrong-code");
    // One try too many: the challenge is over, whatever the code.
    expect(await tryCode(wrong)).toBe(401);
    await poll(() => page.getByText(TWO_FACTOR_MESSAGES.tooManyAttempts).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome back");
    expect(await page.getByRole("textbox", { name: "Email", exact: true }).inputValue()).toBe(MEMBER.email);
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBe(null);

    // Starting again with the password gives a new challenge, and a right code signs in.
    await page.getByLabel(/^Password/).fill(MEMBER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectCodeStep(page);
    await codeField(page).fill((await totpCodeAfter(MEMBER.secret ?? "", MEMBER.lastStep)).code);
    await codeStep(page).getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/learn");
    await poll(() => page.evaluate(() => window.localStorage.getItem("token"))).not.toBe(null);

    // A member may turn it off, after a code: here a recovery code, as someone who lost their phone would.
    await page.goto("/account#two-factor");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await poll(() => section.getByText("On", { exact: true }).isVisible()).toBe(true);
    await section.getByRole("button", { name: "Turn off" }).click();
    const confirm = section.getByRole("form", { name: "Turn off two-factor sign-in" });
    await confirm.getByRole("button", { name: "Use a recovery code instead" }).click();
    await confirm.getByRole("textbox", { name: "Recovery code" }).fill("AAAAA-AAAAA");
    await confirm.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await poll(() => confirm.getByText(TWO_FACTOR_MESSAGES.invalidRecoveryCode).isVisible()).toBe(true);
    await expectAccessible(page, "account: turn off, wrong code", { excludeToasts: true });
    await shoot(page, "turn-off", section);
    await confirm.getByRole("textbox", { name: "Recovery code" }).fill(MEMBER.recoveryCodes?.[0] ?? "");
    await confirm.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await poll(() => section.getByText(TWO_FACTOR_MESSAGES.disabled).isVisible()).toBe(true);
    await poll(() => section.getByText("Off", { exact: true }).isVisible()).toBe(true);
    expect(await statusOf(page)).toMatchObject({ enabled: false });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
