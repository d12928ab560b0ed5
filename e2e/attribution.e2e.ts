import { mkdirSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTRIBUTION_STORAGE_KEY } from "@vestin/shared/attribution-core";
import { joinPresale } from "./lead-support.ts";
import { expectAccessible } from "./learner-support.ts";
import {
  type AdminAccount,
  baseURL,
  createAdminOn,
  DESKTOP,
  jsErrors,
  openPage,
  PHONE,
  rememberAdminDevice,
  sharedServer,
  useBrowser,
  waitForHydration,
  signInThroughForm,
} from "./support.ts";

/*
 * Campaign attribution in the browser: a visitor who accepted analytics cookies lands
 * with UTM parameters, registers for the presale later, and the team finds the source in the inbox
 * and on the Sources page. Without consent nothing is stored, and only a ref in the form page's
 * own address goes with a form.
 */

const SHOTS = "/tmp/shots";
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SOURCE = `e2e-news-${stamp}`;
const CAMPAIGN = `spring-${stamp}`;
const ADMIN: AdminAccount = { firstName: "Sofia", lastName: "Sources", email: `sources.admin.${stamp}@example.com`, password: "sources-pass-1" };
let serial = 0;
const unique = (prefix: string) => `${prefix}.${stamp}.${++serial}@example.com`;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const storedAttribution = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), ATTRIBUTION_STORAGE_KEY);

/** Waits until the page has looked at its landing address for a campaign (after hydration, in a chunk of its own). */
const attributionChecked = (page: Page) => page.waitForSelector("html[data-attribution-checked]", { state: "attached", timeout: 15_000 });

/** The `attribution` of every POST the page sends to one API path. */
function recordAttribution(page: Page, apiPath: string): unknown[] {
  const sent: unknown[] = [];
  page.on("request", (req: Request) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === `/api/v1${apiPath}`)
      sent.push((JSON.parse(req.postData() ?? "{}") as { attribution?: unknown }).attribution);
  });
  return sent;
}

/** Turns analytics on with the cookie page's switch (the site's consent control). */
async function acceptAnalytics(page: Page) {
  const analytics = page.locator('[data-consent="analytics"]');
  await poll(() => analytics.isEnabled()).toBe(true);
  await analytics.click();
  await poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem("vestin_cookie_consent") ?? "{}").analytics)).toBe(true);
}

/** The administrator through the sign-in form, from the browser they ticked "Remember this device" on. */
async function signIn(page: Page, to: string) {
  await rememberAdminDevice(page.context(), baseURL(), ADMIN);
  await signInThroughForm(page, ADMIN, to);
  await page.waitForURL((url) => url.pathname === new URL(to, baseURL()).pathname);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The admin registers from an address of its own (the server believes X-Forwarded-For from this
  // machine): the shared server's 20 sign-ups an hour per address belong to the journeys that test sign-up.
  await createAdminOn(sharedServer(), ADMIN, { "x-forwarded-for": "10.77.0.20" });
});

describe("campaign attribution", () => {
  const browser = useBrowser();

  it("a visitor who accepted analytics lands with UTM parameters, registers for the presale later, and the team sees the source", async () => {
    const email = unique("presale.attributed");
    const { page, context } = await openPage(browser(), "/cookies", { viewport: DESKTOP });
    await acceptAnalytics(page);

    await page.goto(`/?utm_source=${SOURCE}&utm_medium=email&utm_campaign=${CAMPAIGN}&utm_content=hero`);
    await waitForHydration(page);
    await poll(async () => JSON.parse((await storedAttribution(page)) ?? "null")?.attribution).toEqual({
      source: SOURCE,
      medium: "email",
      campaign: CAMPAIGN,
      content: "hero",
    });

    // A later campaign visit within 30 days does not replace the first touch.
    await page.goto("/team?utm_source=someone-else&utm_campaign=later");
    await attributionChecked(page);
    expect(JSON.parse((await storedAttribution(page)) ?? "null")?.attribution.source).toBe(SOURCE);

    await page.goto("/presale");
    await waitForHydration(page);
    const sent = recordAttribution(page, "/presale");
    await joinPresale(page, email);
    expect(sent).toEqual([{ source: SOURCE, medium: "email", campaign: CAMPAIGN, content: "hero" }]);
    expect(jsErrors(page)).toEqual([]);
    await context.close();

    // The team: the inbox filtered by the source shows the registration with its campaign.
    const admin = await openPage(browser(), "/", { viewport: DESKTOP });
    await signIn(admin.page, `/admin/leads?type=presale&source=${SOURCE}`);
    const row = admin.page.getByRole("row").filter({ hasText: email });
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(`${SOURCE} · ${CAMPAIGN}`);
    expect(await admin.page.getByLabel("Source", { exact: true }).inputValue()).toBe(SOURCE);
    await row.getByRole("button").first().click();
    const panel = admin.page.getByRole("dialog");
    await poll(() => panel.getByText("Campaign (utm_campaign)").isVisible()).toBe(true);
    expect(await panel.textContent()).toContain(CAMPAIGN);
    await panel.getByText("Campaign (utm_campaign)").scrollIntoViewIfNeeded();
    await admin.page.screenshot({ path: `${SHOTS}/attribution-lead-panel-1280.png`, fullPage: false });
    await admin.page.keyboard.press("Escape");
    await poll(() => panel.count()).toBe(0);
    await admin.page.screenshot({ path: `${SHOTS}/attribution-inbox-1280.png`, fullPage: false });
    expect(jsErrors(admin.page)).toEqual([]);
    await admin.context.close();
  });

  it("the Sources page shows that source by campaign over time, at 1280 and 390 px, and links back to its leads", async () => {
    const admin = await openPage(browser(), "/", { viewport: DESKTOP });
    await signIn(admin.page, "/admin");
    // The Sources page, linked from the console's navigation: the source, its campaign and its presale lead.
    await admin.page.getByRole("link", { name: "Sources" }).first().click();
    await admin.page.waitForURL("**/admin/sources");
    const sourceRow = admin.page.getByRole("region", { name: "Leads and sign-ups by source and campaign" }).getByRole("row").filter({ hasText: SOURCE });
    await poll(() => sourceRow.count()).toBe(1);
    // The leads card names each kind as its inbox tab does, with its count.
    expect(await admin.page.getByText(/^(\w+ \d+ · )*Presale \d+( · \w+ \d+)*$/).count()).toBe(1);
    expect(await sourceRow.getByRole("cell").nth(0).textContent()).toBe(CAMPAIGN);
    expect(await sourceRow.getByRole("link").textContent()).toBe("1");
    const chart = admin.page.getByRole("img", { name: /Leads and sign-ups per day by source/ });
    expect(await chart.count()).toBe(1);
    expect(await chart.locator("desc").textContent()).toContain(SOURCE);
    await expectAccessible(admin.page, "Sources page at 1280 px");
    await admin.page.screenshot({ path: `${SHOTS}/attribution-sources-1280.png`, fullPage: true });

    // A preset and the weekly count keep to the address bar.
    const sevenDays = admin.page.getByRole("button", { name: "7 days" });
    await sevenDays.click();
    await poll(() => sevenDays.getAttribute("aria-pressed")).toBe("true");
    await admin.page.getByLabel("Count per").selectOption("week");
    await admin.page.waitForURL((url) => url.searchParams.get("days") === "7" && url.searchParams.get("interval") === "week");
    await poll(() => admin.page.getByRole("img", { name: /per week by source/ }).count()).toBe(1);
    await poll(() => sourceRow.count()).toBe(1);

    // The count opens exactly those leads in the inbox.
    await sourceRow.getByRole("link").click();
    await admin.page.waitForURL(
      (url) => url.pathname === "/admin/leads" && url.searchParams.get("source") === SOURCE && url.searchParams.get("campaign") === CAMPAIGN,
    );
    await poll(() => admin.page.getByRole("row").filter({ hasText: SOURCE }).count()).toBe(1);

    await admin.page.setViewportSize(PHONE);
    await admin.page.goto("/admin/sources?days=7");
    await waitForHydration(admin.page);
    await poll(() => sourceRow.count()).toBe(1);
    await expectAccessible(admin.page, "Sources page at 390 px");
    await admin.page.screenshot({ path: `${SHOTS}/attribution-sources-390.png`, fullPage: true });
    expect(jsErrors(admin.page)).toEqual([]);
    await admin.context.close();
  });

  it("keeps the landing page in memory only, and stores it once analytics is turned on later in the same visit", async () => {
    const { page, context } = await openPage(browser(), `/?utm_source=late-${stamp}&utm_campaign=later-consent`, { viewport: DESKTOP });
    await attributionChecked(page);
    expect(await storedAttribution(page)).toBeNull();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    // A navigation within the site (no reload): the landing values are still held in memory.
    await page.locator('a[href="/cookies"]').first().click();
    await page.waitForURL("**/cookies");
    await acceptAnalytics(page);
    await poll(async () => JSON.parse((await storedAttribution(page)) ?? "null")?.attribution).toEqual({ source: `late-${stamp}`, campaign: "later-consent" });
    // Withdrawing analytics deletes it.
    await page.locator('[data-consent="analytics"]').click();
    await poll(() => storedAttribution(page)).toBeNull();
    await context.close();
  });

  it("without consent stores nothing, and a form sends only a ref in its own page's address", async () => {
    const { page, context } = await openPage(browser(), `/?utm_source=no-consent-${stamp}&ref=LANDING1`, { viewport: PHONE });
    await attributionChecked(page);
    expect(await storedAttribution(page)).toBeNull();
    expect(await page.evaluate(() => [window.localStorage.length, window.sessionStorage.length])).toEqual([0, 0]);

    await page.goto("/presale?ref=FRIEND7&utm_source=ignored");
    await waitForHydration(page);
    const sent = recordAttribution(page, "/presale");
    await joinPresale(page, unique("presale.ref"));
    expect(sent).toEqual([{ ref: "FRIEND7" }]);
    expect(await storedAttribution(page)).toBeNull();
    await context.close();
  });
});
