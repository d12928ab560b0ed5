import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

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
