import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generate } from "otplib";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { TWO_FACTOR_DEVICE_STORAGE_KEY } from "@vestin/shared/two-factor-core";
import { NEWSLETTER_CONFIRMATION_JOB } from "../apps/server/src/features/newsletter/index.ts";
import { MAIL_JOB } from "../apps/server/src/lib/jobs/index.ts";
import { queueSettled } from "../apps/server/test/support/jobs.ts";
import type { ChromiumKind } from "./find-chromium.ts";
import { startServer } from "../apps/server/test/support/start-server.ts";
import { e2eServerEnv } from "./server-env.ts";

export const baseURL = () => inject("baseURL");

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

let browser: Browser | undefined;

/**
 * One headless Chromium per test file, started with the flags this closed network needs: the
 * headless shell, or the full browser for a test of its own heuristics (how far below the fold a
 * lazy image starts loading), which are those of a visitor's desktop browser.
 */
export function useBrowser(kind: ChromiumKind = "headless-shell"): () => Browser {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject("chromiumPaths")[kind],
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("browser not started");
    return browser;
  };
}

export type PageOptions = {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  reducedMotion?: "reduce" | "no-preference";
  /** A server of the test's own instead of the shared one. */
  baseURL?: string;
};

/** A fresh context (own storage) and page on the test server. */
export async function openPage(browser: Browser, path = "/", options: PageOptions = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "reduce",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  await page.goto(path);
  if (options.javaScriptEnabled !== false) await waitForHydration(page);
  return { page, context };
}

/** The root route marks <html data-hydrated> once React has hydrated the page. */
/**
 * Resolves once the page's entry placeholder (it covers the content for 0.5–1 s, then fades out
 * and ends in `display: none`) is gone, so it neither hides nor blends into what a test checks.
 */
export async function pageLoaderGone(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll("[data-page-loader]")].every((el) => getComputedStyle(el).display === "none"));
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
}

/**
 * Subscribes `email` to the newsletter through the footer form's API and opens the link of its
 * confirmation e-mail, so a campaign has a reader. The e-mail is a job: once the server's queue
 * holds no such job that is due or running, it is in the outbox.
 */
export async function confirmedReader(server: ServerRef, email: string): Promise<void> {
  const post = (p: string, body: unknown) =>
    fetch(`${server.url}/api/v1${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const subscribed = await post("/newsletter/subscriptions", { email, form: "footer", page: "/" });
  if (subscribed.status !== 202) throw new Error(`subscribing ${email} answered ${subscribed.status}`);
  await queueSettled(`sqlite:${path.join(server.dataDir, "app.db")}`, [MAIL_JOB, NEWSLETTER_CONFIRMATION_JOB]);
  const mail = outboxMails(server.dataDir).find((m) => m.to === email && /\/newsletter\/confirm\?token=/.test(m.text));
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation e-mail reached ${email}`);
  const confirmed = await post("/newsletter/confirm", { token });
  const status = ((await confirmed.json()) as { data?: { status?: string } }).data?.status;
  if (confirmed.status !== 200 || status !== "confirmed") throw new Error(`confirming ${email} answered ${confirmed.status}`);
}

/**
 * Sends a request of the page's own and waits for its answer: the browser hands requests to the
 * network in order, so any request the page made before this call has been seen (and recorded by a
 * `page.on("request")` listener) by the time it returns. The check that nothing was sent, without
 * waiting out a fixed time.
 */
export async function requestsFlushed(page: Page): Promise<void> {
  const marker = `/api/v1/health?flush=${Date.now()}${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => fetch(url, { cache: "no-store" }).then((res) => res.status), marker);
  await seen;
}

/** Two animation frames: the page has laid out and painted what changed before this call. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export function jsErrors(page: Page): string[] {
  return (page as Page & { jsErrors?: string[] }).jsErrors ?? [];
}

/** Fills in and sends the sign-up form as a person does (the new account's first session is this browser's). */
export async function signUpThroughForm(page: Page, email: string, password = "learner-pass"): Promise<void> {
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("First name").fill("Marta");
  await page.getByLabel("Last name").fill("Kowalczyk");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/**
 * Through the sign-in form: opens it (on its way to `redirect` when given), waits for hydration,
 * fills in the e-mail address and password and presses Sign In; where it leads is the caller's to check.
 */
export async function signInThroughForm(page: Page, person: { email: string; password: string }, redirect?: string): Promise<void> {
  await page.goto(redirect === undefined ? "/signin" : `/signin?redirect=${encodeURIComponent(redirect)}`);
  await waitForHydration(page);
  // The field named exactly: a page's footer may hold a newsletter form with an "Email address" field.
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export type IsolatedServer = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * The production build on its own SQLite database and port (FORM_GUARD off unless `env` says
 * otherwise): for a file whose writes would change what other files count on the shared server
 * (they run in parallel), or that needs other settings.
 */
export async function startIsolatedServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-e2e-own-"));
  try {
    const server = await startServer({
      env: ({ url }) => e2eServerEnv(dataDir, url, env),
    });
    const stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { url: server.url, dataDir, stop };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** One e-mail of a server's outbox (DATA_DIR/outbox, one .eml file each), decoded enough to read headers and links. */
export type OutboxMail = { to: string; subject: string; text: string };

/** The e-mails in a server's outbox, oldest first (none while nothing was sent). */
export function outboxMails(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = readFileSync(path.join(dir, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const header = (name: string) =>
      new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "mi")
        .exec(text)?.[1]
        ?.replace(/\r?\n[ \t]/g, " ")
        .trim() ?? "";
    return { to: header("To"), subject: header("Subject"), text };
  });
}

/** The environment a server's own processes run with: its data directory, SQLite database and address. */
export function serverEnv(server: Pick<ServerRef, "url" | "dataDir">): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: server.dataDir,
    DATABASE_URL: `sqlite:${path.join(server.dataDir, "app.db")}`,
    PUBLIC_URL: server.url,
  };
}

/** The team's operations command (`npm run admin -- …`) on a server's data, as the team runs it there. */
export function adminCommand(args: string[], server: Pick<ServerRef, "url" | "dataDir">): SpawnSyncReturns<string> {
  const root = path.resolve(import.meta.dirname, "..");
  return spawnSync(process.execPath, [path.join(root, "apps/server/src/features/admin/cli.ts"), ...args], {
    cwd: root,
    env: serverEnv(server),
    encoding: "utf8",
    timeout: 60_000,
  });
}

/** Makes an account an administrator with the operations command, on a server's data. */
export function promoteToAdmin(email: string, server: Pick<ServerRef, "url" | "dataDir">): void {
  const result = adminCommand(["promote", "--email", email], server);
  if (result.status !== 0) throw new Error(`promote failed: ${result.stderr || result.stdout}`);
}

/** Invites an administrator with `admin create-user`: answers the one-time link the command prints (and e-mails). */
export function inviteAdmin(email: string, name: string, server: Pick<ServerRef, "url" | "dataDir">): URL {
  const result = adminCommand(["create-user", "--email", email, "--name", name], server);
  const link = /https?:\/\/\S+reset-password\?\S+/.exec(result.stdout)?.[0];
  if (result.status !== 0 || !link) throw new Error(`create-user failed: ${result.stderr || result.stdout}`);
  return new URL(link);
}

/**
 * An administrator of a test: what they registered with, and once createAdminOn (or
 * enrolTwoFactor) has run, the secret of their authenticator app and the remembered-device token
 * of the "browser" the tests sign in from.
 */
export type AdminAccount = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  secret?: string;
  deviceToken?: string;
  /** The ten recovery codes the enrolment answered (each works once). */
  recoveryCodes?: string[];
  /** The last 30-second step whose code was used: the server takes a step once, so the next code must be later. */
  lastStep?: number;
};

/** Where an account lives: the shared test server (sharedServer()) or an isolated one. */
export type ServerRef = { url: string; dataDir: string };
export const sharedServer = (): ServerRef => ({ url: baseURL(), dataDir: inject("dataDir") });

type Envelope<T> = { success?: boolean; data: T; message?: string; errors?: Record<string, string> };

/** A call to the API at `url` (`token`: a bearer, for a signed-in call): its status and envelope ({} when it has no body). */
export async function callApi<T>(
  url: string,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${url}/api/v1${pathname}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Envelope<T> };
}

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. The
 * server takes each step once (replay protection) and accepts the step after the current one too,
 * so a second code within the same 30 s is the next step's.
 */
export const totpCode = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/**
 * A code the server still takes after the step `usedStep` (it takes one step either side of now,
 * each once): this step's, or the next one's, waiting for the clock when both are used already.
 */
export async function totpCodeAfter(secret: string, usedStep?: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    const step = usedStep === undefined ? current : Math.max(current, usedStep + 1);
    if (step <= current + 1) return { code: await generate({ secret, epoch: step * 30 }), step };
    // A fixed wait on purpose: a time-based code only changes with the clock (every 30 s).
    await new Promise((r) => setTimeout(r, (current + 1) * 30_000 - Date.now() + 100));
  }
}

/**
 * Turns on two-factor sign-in for a signed-in account the way a person does (set-up, then the
 * first code from the app), then signs in once through the second step with "remember this
 * device": the account keeps `secret` and the `deviceToken` a browser of the tests presents.
 * The session `token` enrolled with stays valid (only other sessions end).
 */
export async function enrolTwoFactor(server: Pick<ServerRef, "url">, admin: AdminAccount, token: string): Promise<AdminAccount> {
  const setup = await callApi<{ secret: string }>(server.url, "POST", "/me/2fa/setup", undefined, token);
  if (setup.status !== 200) throw new Error(`two-factor set-up for ${admin.email} answered ${setup.status}: ${setup.body.message}`);
  admin.secret = setup.body.data.secret;
  const first = await totpCodeAfter(admin.secret);
  const enabled = await callApi<{ recoveryCodes: string[] }>(server.url, "POST", "/me/2fa/enable", { code: first.code }, token);
  if (enabled.status !== 200) throw new Error(`turning on two-factor for ${admin.email} answered ${enabled.status}: ${enabled.body.message}`);
  admin.recoveryCodes = enabled.body.data.recoveryCodes;
  const login = await callApi<{ challenge?: string }>(server.url, "POST", "/auth/login", { email: admin.email, password: admin.password });
  const challenge = login.body.data?.challenge;
  if (login.status !== 200 || !challenge) throw new Error(`signing in ${admin.email} did not ask for the second step (${login.status})`);
  // The enrolment took this step's code: the next step's is the one left to use.
  const next = await totpCodeAfter(admin.secret, first.step);
  const second = await callApi<{ token: string; deviceToken: string | null }>(server.url, "POST", "/auth/2fa", {
    challenge,
    code: next.code,
    rememberDevice: true,
  });
  if (second.status !== 200 || !second.body.data.deviceToken)
    throw new Error(`the second step for ${admin.email} answered ${second.status}: ${second.body.message}`);
  admin.deviceToken = second.body.data.deviceToken;
  admin.lastStep = next.step;
  return admin;
}

export type Registration = { firstName: string; lastName: string; email: string; password: string };

let visitor = 0;

/**
 * A client address of its own for each visitor a test stands for. The server counts sign-ups per
 * address (20 an hour) and believes X-Forwarded-For from this machine, so every registration made
 * through the API comes from its own documentation-range address (RFC 5737), never from the
 * loopback address the browser's own sign-ups share.
 */
export function visitorAddress(): string {
  visitor += 1;
  const block = ["192.0.2", "198.51.100", "203.0.113"][(process.pid + visitor) % 3];
  return `${block}.${1 + ((process.pid * 7 + visitor) % 254)}`;
}

/** Registers an account through the API, as a visitor from an address of its own; answers the server's reply. */
export function registerAccount(base: string, person: Registration, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": visitorAddress(), ...headers },
    body: JSON.stringify(person),
  });
}

/**
 * Registers an account on a server, makes it an administrator with the operations command, and
 * turns on two-factor sign-in (required before the console answers): see enrolTwoFactor.
 * `headers` go with the registration (an X-Forwarded-For of the file's own, for example).
 */
export async function createAdminOn(server: ServerRef, admin: AdminAccount, headers: Record<string, string> = {}): Promise<AdminAccount> {
  const registration = { firstName: admin.firstName, lastName: admin.lastName, email: admin.email, password: admin.password };
  const res = await registerAccount(server.url, registration, headers);
  if (res.status !== 201) throw new Error(`registering ${admin.email} answered ${res.status}`);
  promoteToAdmin(admin.email, server);
  // Promotion signs the account out everywhere: the administrator signs in again (their password meets the administrators' rule).
  const login = await callApi<{ token?: string }>(server.url, "POST", "/auth/login", { email: admin.email, password: admin.password });
  if (login.status !== 200 || !login.body.data.token)
    throw new Error(`signing ${admin.email} in after the promotion answered ${login.status}: ${login.body.message}`);
  return enrolTwoFactor(server, admin, login.body.data.token);
}

/** A session token of an administrator for API calls: the password sign-in from the remembered device (no code needed). */
export async function adminSessionToken(server: Pick<ServerRef, "url">, admin: AdminAccount): Promise<string> {
  if (!admin.deviceToken) throw new Error(`${admin.email} has no remembered device: create it with createAdminOn`);
  const login = await callApi<{ token?: string }>(server.url, "POST", "/auth/login", {
    email: admin.email,
    password: admin.password,
    deviceToken: admin.deviceToken,
  });
  const token = login.body.data?.token;
  if (login.status !== 200 || !token) throw new Error(`signing in ${admin.email} from the remembered device answered ${login.status}`);
  return token;
}

/**
 * Makes every page of `context` on `origin` start with the administrator's remembered-device
 * token in localStorage, as if this browser had ticked "Remember this device" before: the sign-in
 * form then goes straight through after the password (the real feature, not a bypass).
 */
export async function rememberAdminDevice(context: BrowserContext, origin: string, admin: Pick<AdminAccount, "email" | "deviceToken">): Promise<void> {
  if (!admin.deviceToken) throw new Error(`${admin.email} has no remembered device: create it with createAdminOn`);
  await context.addInitScript(
    ({ origin, key, token }) => {
      if (window.location.origin === origin) window.localStorage.setItem(key, token);
    },
    { origin: new URL(origin).origin, key: TWO_FACTOR_DEVICE_STORAGE_KEY, token: admin.deviceToken },
  );
}

/**
 * A fresh context (clipboard allowed, JavaScript errors kept for jsErrors) signed in as `admin`
 * through the sign-in form from their remembered device, on `path`, once the page's level-1
 * `heading` shows; `timezoneId` sets the browser's time zone (the machine's otherwise).
 */
export async function signedInAdminPage(
  browser: Browser,
  server: ServerRef,
  admin: AdminAccount,
  path: string,
  heading: string,
  viewport: { width: number; height: number },
  { timezoneId }: { timezoneId?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: "reduce", ...(timezoneId ? { timezoneId } : {}) });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await rememberAdminDevice(context, server.url, admin);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  await signInThroughForm(page, admin, path);
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 15_000 });
  return { page, context };
}

/**
 * The UTC time the schedule shows beside a moment in `timeZone`: "23:31", or "2026-11-28 23:31"
 * when the UTC date is not the local one (an evening in UTC is already tomorrow in Paris).
 */
export function utcBeside(moment: Date, timeZone: string): string {
  const time = moment.toISOString().slice(11, 16);
  const utcDay = moment.toISOString().slice(0, 10);
  return localDateTime(moment, timeZone).slice(0, 10) === utcDay ? time : `${utcDay} ${time}`;
}

/** "2026-11-28T19:30:05": a moment as a datetime-local input's value in `timeZone`. */
export function localDateTime(moment: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
