import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_MESSAGES, FORM_GUARD_MESSAGES } from "@vestin/shared/form-guard";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { expectAccessible } from "./learner-support.ts";
import { MAIL_JOB } from "../apps/server/src/lib/jobs/index.ts";
import { queueSettled } from "../apps/server/test/support/jobs.ts";
import { DESKTOP, jsErrors, openPage, PHONE, startIsolatedServer, useBrowser, waitForHydration, type IsolatedServer } from "./support.ts";

/*
 * The form guard as a person meets it. The shared test server runs with FORM_GUARD=off (other
 * journeys fill forms faster than a person would), so this file starts its own server with the
 * guard on, the way the site runs in production.
 */

let guarded: IsolatedServer | undefined;
let origin = "";
let dataDir = "";

beforeAll(async () => {
  guarded = await startIsolatedServer({ FORM_GUARD: "on" });
  origin = guarded.url;
  dataDir = guarded.dataDir;
});

afterAll(async () => {
  await guarded?.stop();
});

let serial = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${++serial}@example.com`;
const freshWallet = () =>
  `0x${(Date.now().toString(16) + Math.floor(Math.random() * 1e9).toString(16) + (++serial).toString(16)).padStart(40, "e").slice(-40)}`;

/** The e-mails to an address, oldest first (quoted-printable unfolded). */
function mailsTo(email: string): string[] {
  const dir = path.join(dataDir, "outbox");
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`))
    .map((m) => m.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The confirmation link in the newest e-mail to an address. */
function confirmationLink(email: string): string {
  const text = mailsTo(email).at(-1) ?? "";
  const match = new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/confirm\\?token=[\\w-]+`).exec(text);
  if (!match) throw new Error(`no confirmation link in the e-mail to ${email}`);
  return match[0];
}

/** A fresh context and page on this file's own server. */
const openGuarded = (browser: () => Browser, pathname: string, viewport = DESKTOP) => openPage(browser(), pathname, { viewport, baseURL: origin });

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe("form guard in the browser", () => {
  const browser = useBrowser();

  it("lets a person fill the presale wizard at normal speed, then confirm by the e-mailed link", async () => {
    const { page, context } = await openGuarded(browser, "/presale", PHONE);
    const sent: Array<Record<string, unknown>> = [];
    page.on("request", (req: Request) => {
      if (req.method() === "POST" && new URL(req.url()).pathname === "/api/v1/presale")
        sent.push(JSON.parse(req.postData() ?? "{}") as Record<string, unknown>);
    });

    // The honeypot is there for bots only: hidden from sight, from screen readers and from the tab order.
    // (The footer's newsletter form has one of its own; this is the wizard's, in the page's main.)
    const honeypot = page.locator('main input[name="website"]');
    expect(await honeypot.count()).toBe(1);
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    // Off screen, one pixel, transparent: a person never sees it (a bot filling every input does).
    const box = await honeypot.boundingBox();
    expect(box && box.x + box.width <= 0).toBe(true);
    expect(await honeypot.evaluate((el) => el.closest("[aria-hidden='true']") !== null)).toBe(true);
    // No challenge is configured: no widget, no provider script, no provider in the CSP.
    expect(await page.locator("[data-challenge], script[src*='challenges.cloudflare.com'], script[src*='hcaptcha.com']").count()).toBe(0);
    const csp = (await (await fetch(`${origin}/presale`)).headers.get("content-security-policy")) ?? "";
    expect(csp).not.toMatch(/cloudflare|hcaptcha/);

    const email = unique("Presale.Person");
    const next = () => page.getByRole("button", { name: "Next" }).click();
    // Typing at a person's pace (about 12 keys a second): the e-mail and the name alone take longer
    // than the minimum fill time.
    await page.getByLabel("What is your email address?").pressSequentially(email, { delay: 80 });
    await next();
    await expect.poll(visible(page, "Step 2 of 7")).toBe(true);
    await page.getByLabel("What is your full name?").pressSequentially("Kwame Mensah", { delay: 80 });
    await next();
    await expect.poll(visible(page, "Step 3 of 7")).toBe(true);
    await page.getByLabel("Which wallet address should receive your tokens?").fill(freshWallet());
    await next();
    for (const [n, option] of ["Intermediate (1-3 years)", "$1,000 - $5,000", "Discord"].entries()) {
      await expect.poll(visible(page, `Step ${n + 4} of 7`)).toBe(true);
      await page.getByRole("radio", { name: option }).check();
      await next();
    }
    await page.getByRole("radio", { name: "Portfolio diversification" }).check();
    await page.getByRole("button", { name: "Join Presale" }).click();
    await page.waitForURL("**/presale/success", { timeout: 15_000 });
    await expect.poll(visible(page, LEAD_MESSAGES.queueLoaded)).toBe(true);

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ email, website: "", formToken: expect.stringMatching(/^v1\./) });

    // The e-mailed link opens /confirm in the site's design: verified, once.
    const link = confirmationLink(email);
    await page.goto(link);
    await waitForHydration(page);
    const thanks = page.getByRole("heading", { name: "Thank you! Your e-mail address is confirmed." });
    await expect.poll(() => thanks.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" }).isVisible()).toBe(true);
    expect(await page.getByRole("listitem").filter({ hasText: "Presale whitelist" }).isVisible()).toBe(true);
    expect(await page.getByRole("banner").count()).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByRole("link", { name: "See your presale queue position" }).getAttribute("href")).toBe("/presale/success");
    expect(jsErrors(page)).toEqual([]);

    // The same link again: a clear page, nothing changes.
    const again = await page.goto(link);
    expect(again?.headers()["cache-control"]).toBe("no-store");
    expect(again?.headers()["x-page-cache"]).not.toBe("hit");
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("heading", { name: "This link has already been used" }).isVisible()).toBe(true);
    expect(await page.getByText("Your e-mail address was confirmed the first time this link was opened").isVisible()).toBe(true);
    await context.close();
  });

  it("explains a link that is not valid, and one with no token at all", async () => {
    const { page, context } = await openGuarded(browser, "/confirm?token=not-a-real-token");
    await expect.poll(() => page.getByRole("heading", { name: "This link is not valid" }).isVisible()).toBe(true);
    expect(await page.getByText(CONFIRM_MESSAGES.invalid).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Contact us", exact: true }).isVisible()).toBe(true);
    await page.goto("/confirm");
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "needs the link from your confirmation e-mail" }).isVisible()).toBe(true);
    await context.close();
  });

  it("offers a new link on an expired one: the same neutral answer, one e-mail an hour, and the new link works", async () => {
    // A waitlist sign-up through the API as the form sends it (a form token, held for the minimum fill time).
    const email = unique("Expired.Link");
    const issued = (await (await fetch(`${origin}/api/v1/form-token`)).json()) as { data: { token: string; minFillMs: number } };
    // A fixed wait on purpose: the token carries its issue time, signed, so only time can age it.
    await new Promise((r) => setTimeout(r, issued.data.minFillMs + 200));
    const joined = await fetch(`${origin}/api/v1/testnet-signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "Lena Fischer", email, website: "", formToken: issued.data.token }),
    });
    expect(joined.status).toBe(201);
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const expiredLink = confirmationLink(email);
    // Thirty days on: the link has expired, and the hour of its e-mail is long past.
    const db = new Database(path.join(dataDir, "app.db"));
    try {
      db.prepare("update lead_confirmations set expires_at = ? where email = ?").run(new Date(Date.now() - 60_000).toISOString(), email.toLowerCase());
      db.prepare("update confirmation_mail_log set last_sent_at = ? where email = ?").run(
        new Date(Date.now() - 2 * 3_600_000).toISOString(),
        email.toLowerCase(),
      );
    } finally {
      db.close();
    }

    const { page, context } = await openGuarded(browser, expiredLink.replace(origin, ""), PHONE);
    await expect.poll(() => page.getByRole("heading", { name: "This link has expired" }).isVisible()).toBe(true);
    expect(await page.getByText(CONFIRM_MESSAGES.expired).isVisible()).toBe(true);
    const resend = page.getByRole("button", { name: "Send me a new link" });
    expect(await resend.isVisible()).toBe(true);
    await expectAccessible(page, "expired confirmation link (390 px)");

    await resend.click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your inbox" }).isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: CONFIRM_MESSAGES.resent }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Check your inbox" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, "new link sent (390 px)");
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const newMail = mailsTo(email)[1] ?? "";
    expect(newMail).toContain(`Subject: ${CONFIRM_MESSAGES.mailSubject}`);
    expect(newMail).toContain("Testnet waitlist");
    const newLink = confirmationLink(email);
    expect(newLink).not.toBe(expiredLink);

    // Asked again from the old link within the hour: the same answer, no second e-mail.
    await page.goto(expiredLink);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your inbox" }).isVisible()).toBe(true);
    // A second link would be a mail job stored with the request: once none waits or runs, none can arrive.
    await queueSettled(`sqlite:${path.join(dataDir, "app.db")}`, [MAIL_JOB]);
    expect(mailsTo(email)).toHaveLength(2);

    // The new link confirms the address.
    await page.goto(newLink);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("heading", { name: "Thank you! Your e-mail address is confirmed." }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole("listitem")
        .filter({ hasText: /^Testnet waitlist$/ })
        .isVisible(),
    ).toBe(true);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("refuses a bot's direct POST with a sentence a person would understand, and stores nothing", async () => {
    const body = { username: "Bot", email: unique("bot"), website: "https://spam.example" };
    const res = await fetch(`${origin}/api/v1/testnet-signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(FORM_GUARD_MESSAGES.honeypot);
    const noToken = await fetch(`${origin}/api/v1/testnet-signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, website: "" }),
    });
    expect(((await noToken.json()) as { message: string }).message).toBe(FORM_GUARD_MESSAGES.expired);
  });

  it("tells a person with a disposable address what to do, next to the e-mail field", async () => {
    const { page, context } = await openGuarded(browser, "/v4");
    const form = page.locator("form").filter({ has: page.getByLabel("Full name") });
    await form.getByLabel("Full name").fill("Lena Fischer");
    await form.getByRole("textbox", { name: "Email" }).fill(unique("lena").replace("example.com", "mailinator.com"));
    await form.getByRole("button", { name: /join/i }).click();
    await expect.poll(() => form.getByText(FORM_GUARD_MESSAGES.disposableEmail).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await form.getByRole("textbox", { name: "Email" }).getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });
});

describe("form guard with a challenge provider (Turnstile, local stand-ins)", () => {
  const browser = useBrowser();
  let challenged: IsolatedServer | undefined;
  let siteverify: Server | undefined;
  const verified: URLSearchParams[] = [];

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        verified.push(form);
        const ok = form.get("secret") === "e2e-secret" && form.get("response") === "human-token";
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((resolve) => siteverify?.listen(0, "127.0.0.1", resolve));
    const port = (siteverify.address() as AddressInfo).port;
    challenged = await startIsolatedServer({
      FORM_GUARD: "on",
      CHALLENGE_PROVIDER: "turnstile",
      CHALLENGE_SITE_KEY: "e2e-site-key",
      CHALLENGE_SECRET: "e2e-secret",
      CHALLENGE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });

  afterAll(async () => {
    await challenged?.stop();
    await new Promise<void>((resolve) => (siteverify ? siteverify.close(() => resolve()) : resolve()));
  });

  it("loads the widget only where configured, and the server checks its answer before storing", async () => {
    const base = challenged?.url ?? "";
    const context = await browser().newContext({ baseURL: base, viewport: DESKTOP, reducedMotion: "reduce" });
    // The provider's script, stood in for: a widget with one button that answers "human-token".
    const scripts: string[] = [];
    await context.route("https://challenges.cloudflare.com/**", (route) => {
      scripts.push(route.request().url());
      return route.fulfill({
        contentType: "text/javascript",
        body: `window.turnstile = { render(el, o) { const b = document.createElement("button"); b.type = "button"; b.textContent = "Verify you are human (" + o.sitekey + ")"; b.onclick = () => o.callback("human-token"); el.appendChild(b); return "w" + Math.random(); }, remove() {} };`,
      });
    });
    const page = await context.newPage();
    const response = await page.goto("/v4");
    await waitForHydration(page);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(response?.headers()["content-security-policy"]).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);

    const form = page.locator("form").filter({ has: page.getByLabel("Full name") });
    const widget = form.getByRole("button", { name: "Verify you are human (e2e-site-key)" });
    await expect.poll(() => widget.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(scripts).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);

    await form.getByLabel("Full name").fill("Lena Fischer");
    await form.getByRole("textbox", { name: "Email" }).fill(unique("human"));
    await form.getByRole("button", { name: /join/i }).click();
    await expect.poll(() => form.getByText(FORM_GUARD_MESSAGES.challengeRequired).isVisible(), { timeout: 10_000 }).toBe(true);

    await form.getByRole("button", { name: "Verify you are human (e2e-site-key)" }).first().click();
    await form.getByRole("button", { name: /join/i }).click();
    await expect.poll(() => page.getByRole("alertdialog").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(verified.map((v) => [v.get("secret"), v.get("response")])).toEqual([["e2e-secret", "human-token"]]);
    await context.close();
  });
});
