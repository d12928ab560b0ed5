import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { freePort } from "../apps/server/test/free-port.ts";

export const baseURL = () => inject("baseURL");

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

let browser: Browser | undefined;

/** One headless Chromium per test file, started with the flags this closed network needs. */
export function useBrowser(): () => Browser {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject("chromiumPath"),
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

export type PageOptions = { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; reducedMotion?: "reduce" | "no-preference" };

/** A fresh context (own storage) and page on the test server. */
export async function openPage(browser: Browser, path = "/", options: PageOptions = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
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
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
}

export function jsErrors(page: Page): string[] {
  return (page as Page & { jsErrors?: string[] }).jsErrors ?? [];
}

export type IsolatedServer = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * The production build on its own SQLite database and port (FORM_GUARD off unless `env` says
 * otherwise): for a file whose writes would change what other files count on the shared server
 * (they run in parallel), or that needs other settings.
 */
export async function startIsolatedServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const root = path.resolve(import.meta.dirname, "..");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-e2e-own-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`, FORM_GUARD: "off", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the server did not become healthy within 60 s");
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The operations command the team uses to make an account an administrator, on a server's data (the shared test server's by default). */
export function promoteToAdmin(email: string, dataDir: string = inject("dataDir")): void {
  const root = path.resolve(import.meta.dirname, "..");
  const result = spawnSync(process.execPath, [path.join(root, "apps/server/src/features/admin/cli.ts"), "promote", "--email", email], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}` },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`promote failed: ${result.stderr || result.stdout}`);
}

export type AdminAccount = { firstName: string; lastName: string; email: string; password: string };

/** Registers an account on a server and makes it an administrator with the operations command. */
export async function createAdminOn(server: IsolatedServer, admin: AdminAccount): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
  if (res.status !== 201) throw new Error(`registering ${admin.email} answered ${res.status}`);
  promoteToAdmin(admin.email, server.dataDir);
}

/**
 * A fresh context (clipboard allowed, JavaScript errors kept for jsErrors) signed in as `admin`
 * through the sign-in form, on `path`, once the page's level-1 `heading` shows.
 */
export async function signedInAdminPage(browser: Browser, server: IsolatedServer, admin: AdminAccount, path: string, heading: string, viewport: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: "reduce" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  await page.goto(`/signin?redirect=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 15_000 });
  return { page, context };
}

