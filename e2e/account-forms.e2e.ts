import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts";
import { startServer, type StartedProcess } from "../apps/server/test/support/start-server.ts";
import { outboxMails, useBrowser, waitForHydration, registerAccount } from "./support.ts";
import { e2eServerEnv } from "./server-env.ts";

/*
 * The account forms sent before the page's scripts run (a fast typist, a slow phone) or with
 * scripts turned off: what was typed goes to the server in a POST body, never into an address (the
 * address bar, the history, the access log), and the person ends signed in, or on the same form
 * with the e-mail kept and a clear message. The server here writes its access log (LOG_LEVEL
 * info), which the tests read.
 */

let server: StartedProcess;
let dataDir: string;
const poll = expect.poll;
const PASSWORD = "typed-fast-password-7";
const browser = useBrowser();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-e2e-forms-"));
  server = await startServer({ env: ({ url }) => e2eServerEnv(dataDir, url, { LOG_LEVEL: "info" }), output: "pipe" });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const uniqueEmail = (what: string) => `forms.${what}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function register(email: string, password = PASSWORD): Promise<void> {
  const res = await registerAccount(server.url, { firstName: "Tomas", lastName: "Quick", email, password });
  expect(res.status).toBe(201);
}

/** A page on the test server with every address it visited and every request it sent written down. */
async function openTracked(options: { javaScriptEnabled: boolean }): Promise<{ page: Page; context: BrowserContext; addresses: string[] }> {
  const context = await browser().newContext({ baseURL: server.url, javaScriptEnabled: options.javaScriptEnabled, reducedMotion: "reduce" });
  const page = await context.newPage();
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  page.on("framenavigated", (frame) => addresses.push(frame.url()));
  return { page, context, addresses };
}

/**
 * Holds back the page's own scripts (the module scripts that hydrate it) until `release`: the form
 * on screen is then exactly what a visitor sees before hydration.
 */
async function holdScripts(context: BrowserContext): Promise<{ release: () => Promise<void> }> {
  let holding = true;
  await context.route(
    (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    async (route) => {
      if (holding) return route.abort();
      return route.continue();
    },
  );
  return {
    release: async () => {
      holding = false;
    },
  };
}

/**
 * No secret in any address, nor in the server's output since `from` (with `accessLogOnly`, in its
 * access log's lines: the outbox mailer of a server without SMTP logs each e-mail's link on purpose).
 */
function expectNowhere(secrets: string[], addresses: string[], from: number, { accessLogOnly = false } = {}) {
  const output = server.output().slice(from);
  const log = accessLogOnly
    ? output
        .split("\n")
        .filter((line) => line.includes('"msg":"request completed"'))
        .join("\n")
    : output;
  expect(log).toContain("request completed");
  for (const secret of secrets) {
    expect(log, `the access log holds ${secret}`).not.toContain(secret);
    expect(log, `the access log holds ${secret}`).not.toContain(encodeURIComponent(secret));
    for (const address of addresses) expect(address, "an address holds what was typed").not.toContain(encodeURIComponent(secret).slice(0, 12));
  }
}

describe("account forms before the scripts run", () => {
  it("without JavaScript: the sign-in form says so first, posts, and comes back with the e-mail kept; nothing typed in an address or the log", async () => {
    const email = uniqueEmail("noscript");
    await register(email);
    const logFrom = server.output().length;
    const { page, context, addresses } = await openTracked({ javaScriptEnabled: false });
    await page.goto("/signin");
    // Said before anyone types (inside <noscript>, which Playwright's text search skips).
    expect(await page.locator("noscript [role=status]").textContent()).toBe(ACCOUNT_MESSAGES.scriptsOff);
    expect(await page.locator("noscript [role=status]").isVisible()).toBe(true);
    // Google sign-in is not configured on this server: no button, no "or".
    expect(await page.getByRole("button", { name: /Google/ }).count()).toBe(0);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    const [posted] = await Promise.all([page.waitForRequest((r) => r.method() === "POST"), page.getByRole("button", { name: "Sign In" }).click()]);
    expect(new URL(posted.url()).pathname).toBe("/signin");
    expect(new URL(posted.url()).search).toBe("");
    await page.waitForLoadState("domcontentloaded");
    expect(new URL(page.url()).pathname).toBe("/signin");
    expect(await page.getByText(ACCOUNT_MESSAGES.signInNeedsScripts).isVisible()).toBe(true);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel(/^Password/).inputValue()).toBe("");
    expect(await page.content()).not.toContain(PASSWORD);
    expectNowhere([PASSWORD], addresses, logFrom);
    await context.close();
  });

  it("sent before hydration: the right password ends signed in on the page asked for, the wrong one on the form with the e-mail kept", async () => {
    const email = uniqueEmail("early");
    await register(email);
    const logFrom = server.output().length;
    const { page, context, addresses } = await openTracked({ javaScriptEnabled: true });
    const scripts = await holdScripts(context);

    // A wrong password first: the server's message, the address kept, still signed out.
    await page.goto("/signin?redirect=%2Froadmap");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("not-the-password-9");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Sign In" }).click()]);
    expect(await page.getByText(ACCOUNT_MESSAGES.invalidCredentials).isVisible()).toBe(true);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // The right one, still before the scripts: the server checks it and hands the session to the
    // page that answers; its scripts (let through from now on) keep it and go on to the page asked for.
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await scripts.release();
    // The welcome toast is brief: wait for it from before the click, so a slow machine cannot miss it.
    const welcomed = page.getByText(ACCOUNT_MESSAGES.welcomeBack).first().waitFor({ state: "visible", timeout: 60_000 });
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Sign In" }).click()]);
    expect(new URL(answer.url()).search).toBe("?redirect=%2Froadmap");
    expect(await answer.text()).toContain("Signing you in…");
    await page.waitForURL((url) => url.pathname === "/roadmap");
    await poll(() => page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}").email).toBe(email);
    await welcomed;
    expectNowhere([PASSWORD, "not-the-password-9"], addresses, logFrom);
    await context.close();
  });

  it("sign-up without JavaScript comes back filled in (passwords aside) with what to do; nothing typed in an address", async () => {
    const email = uniqueEmail("signup");
    const logFrom = server.output().length;
    const { page, context, addresses } = await openTracked({ javaScriptEnabled: false });
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Noa");
    await page.getByLabel("Last name").fill("Script");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create Account" }).click()]);
    expect(new URL(page.url()).pathname).toBe("/signup");
    expect(await page.getByText(ACCOUNT_MESSAGES.signUpNeedsScripts).isVisible()).toBe(true);
    expect(await page.getByLabel("First name").inputValue()).toBe("Noa");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel(/I agree to the/).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Password/).inputValue()).toBe("");
    expectNowhere([PASSWORD], addresses, logFrom);
    await context.close();
  });

  it("forgot and reset password work without JavaScript; the link's token travels in the form, and the log keeps no token", async () => {
    const email = uniqueEmail("reset");
    await register(email);
    const logFrom = server.output().length;
    const { page, context, addresses } = await openTracked({ javaScriptEnabled: false });
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Send Reset Link" }).click()]);
    expect(await page.getByRole("heading", { name: "Check Your Email" }).isVisible()).toBe(true);

    await poll(() => outboxMails(dataDir).find((m) => m.to.includes(email))?.text ?? "", { timeout: 15_000 }).toContain("/reset-password?token=");
    const mail = outboxMails(dataDir).find((m) => m.to.includes(email))?.text ?? "";
    const link = new URL(/http:\/\/\S+\/reset-password\?token=\S+/.exec(mail)?.[0] ?? "");
    const token = link.searchParams.get("token") ?? "";
    await page.goto(`${link.pathname}${link.search}`);
    const dialog = page.getByRole("dialog", { name: "Create New Password" });
    expect(await dialog.isVisible()).toBe(true);
    const newPassword = "new-password-without-js";
    await dialog.getByLabel(/^New password/).fill(newPassword);
    await dialog.getByLabel("Confirm new password").fill(newPassword);
    const [posted] = await Promise.all([page.waitForRequest((r) => r.method() === "POST"), dialog.getByRole("button", { name: "Reset Password" }).click()]);
    expect(posted.url()).toBe(`${server.url}/reset-password`);
    await page.waitForLoadState("domcontentloaded");
    await poll(() => page.getByRole("heading", { name: "Password Changed!" }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(newPassword);
    expectNowhere([newPassword], addresses, logFrom);
    // The link's own address holds its token (it came by e-mail); nothing else does, and the access log keeps none.
    expectNowhere(
      [token],
      addresses.filter((a) => !a.startsWith(`${link.origin}${link.pathname}?token=`)),
      logFrom,
      { accessLogOnly: true },
    );

    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: newPassword }),
    });
    expect(login.status).toBe(200);
    await context.close();
  });

  it("a form posted from another site signs nobody in (login CSRF), and a posted page is never cached", async () => {
    const email = uniqueEmail("csrf");
    await register(email);
    const { page, context } = await openTracked({ javaScriptEnabled: true });
    // A page on another site (served here by the browser's test hooks) posts the attacker's account to our sign-in.
    await context.route("http://attacker.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${server.url}/signin">
          <input name="intent" value="password"><input name="email" value="${email}"><input name="password" value="${PASSWORD}">
          <button>Claim your prize</button></form>`,
      }),
    );
    await page.goto("http://attacker.example/prize");
    await page.getByRole("button", { name: "Claim your prize" }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/signin");
    await waitForHydration(page);
    await poll(() => page.getByText("That form came from another website").isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await page.getByRole("heading", { name: "Welcome back" }).isVisible()).toBe(true);
    await context.close();

    // The sign-in page is cached for everyone; a POST to it is neither answered from that copy nor kept.
    await fetch(`${server.url}/signin`);
    expect((await fetch(`${server.url}/signin`)).headers.get("x-page-cache")).toBe("hit");
    const posted = await fetch(`${server.url}/signin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ intent: "password", email, password: "wrong-password-1" }),
    });
    expect(posted.status).toBe(401);
    expect(posted.headers.get("x-page-cache")).toBe("off");
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(await posted.text()).toContain(ACCOUNT_MESSAGES.invalidCredentials);
    const after = await fetch(`${server.url}/signin`);
    expect(await after.text()).not.toContain(ACCOUNT_MESSAGES.invalidCredentials);
  });
});
