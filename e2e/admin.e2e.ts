import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
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
  registerAccount,
  signInThroughForm,
} from "./support.ts";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Ada", lastName: "Console", email: `admin.${stamp}@example.com`, password: "console-pass-1" };
const MEMBER = { firstName: "Max", lastName: "Member", email: `member.${stamp}@example.com`, password: "member-pass-1" };
const LEAD = { firstName: "Quentin", lastName: `Leadsworth${stamp}`, email: `lead.${stamp}@example.com` };
// A 2 × 2 PNG: the upload is checked by content and turned into WebP on the server.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");
const LEAD_COMMENT = "We hold <b>twelve</b> buildings & want to tokenize two.";

/** The machine running the tests is shared; give slow answers time before failing. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function post(pathname: string, body: unknown): Promise<{ status: number; body: { data?: { _id?: string } } }> {
  const res = await fetch(`${baseURL()}/api/v1${pathname}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data?: { _id?: string } } };
}

async function register(user: { firstName: string; lastName: string; email: string; password: string }) {
  const res = await registerAccount(baseURL(), user);
  expect(res.status).toBe(201);
}

/** Through the sign-in form; an administrator from the browser they ticked "Remember this device" on (support.ts). */
async function signIn(page: Page, user: { email: string; password: string; deviceToken?: string }, to = "/admin") {
  if (user.deviceToken) await rememberAdminDevice(page.context(), baseURL(), user);
  await signInThroughForm(page, user, to);
  await page.waitForURL((url) => url.pathname === to);
}

type AxeViolation = { id: string; impact: string | null; nodes: Array<{ target: unknown }> };

/**
 * Serious and critical WCAG 2 A/AA violations on the page as it is now. The site-wide toaster
 * (root layout, not the console) is left out: a toast can be fading while axe measures it.
 */
async function axeViolations(page: Page) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: { exclude: string[][] }, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ exclude: [["[data-sonner-toaster]"]] }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

beforeAll(async () => {
  await createAdminOn(sharedServer(), ADMIN);
  await register(MEMBER);
  const lead = await post("/contacts", {
    firstName: LEAD.firstName,
    lastName: LEAD.lastName,
    email: LEAD.email,
    confirmEmail: LEAD.email,
    country: "PT",
    comments: LEAD_COMMENT,
    consent: true,
  });
  expect(lead.status).toBe(201);
});

describe("admin console without JavaScript", () => {
  it("serves no admin data in the HTML, marks the pages noindex, and refuses the API without a token", async () => {
    const res = await fetch(`${baseURL()}/admin/leads?search=${LEAD.lastName}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain(LEAD.email);
    expect(html).not.toContain(LEAD.lastName.slice(0, 12) + "@");
    expect((await fetch(`${baseURL()}/api/v1/admin/leads/enquiries`)).status).toBe(401);
  });
});

describe("admin console in the browser", () => {
  const browser = useBrowser();

  it("sends a signed-out visitor to sign in and back", async () => {
    const { page, context } = await openPage(browser(), "/admin/leads");
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("redirect") === "/admin/leads");
    await context.close();
  });

  it("shows a signed-in non-admin the team-only page and never asks the server for admin data", async () => {
    const { page, context } = await openPage(browser(), "/");
    const adminCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/admin")) adminCalls.push(request.url());
    });
    await signIn(page, MEMBER);
    await poll(() => page.getByRole("heading", { name: "This area is for the Vestin team" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Console sections" }).count()).toBe(0);
    expect(await page.getByText(LEAD.email).count()).toBe(0);
    await page.goto("/admin/leads");
    await waitForHydration(page);
    await poll(() => page.getByRole("heading", { name: "This area is for the Vestin team" }).isVisible()).toBe(true);
    expect(adminCalls).toEqual([]);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("finds a lead, sets its status and note (kept after a reload), sorts, and exports the filter as CSV", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    const welcome = page.getByText(ACCOUNT_MESSAGES.welcomeBack).first();
    const welcomeShown = welcome.waitFor({ state: "visible" });
    await signIn(page, ADMIN);
    // The welcome toast opens below the console's header, never over its buttons.
    await welcomeShown;
    const header = page.locator("header[data-sticky-header]");
    await header.waitFor();
    const [toastBox, headerBox] = [await welcome.boundingBox(), await header.boundingBox()];
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
    await poll(() => page.getByRole("heading", { name: "Dashboard", level: 1 }).isVisible()).toBe(true);
    await poll(() => page.locator(".recharts-surface").count()).toBeGreaterThan(0);

    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Leads inbox" }).click();
    await page.waitForURL("**/admin/leads");
    await page.getByRole("searchbox", { name: "Search" }).fill(LEAD.lastName);
    await page.waitForURL((url) => url.searchParams.get("search") === LEAD.lastName);
    const table = page.getByRole("region", { name: /contact enquiries/ });
    await poll(() => table.getByRole("row").count()).toBe(2); // header + the one lead

    await table.getByRole("button", { name: `${LEAD.firstName} ${LEAD.lastName}` }).click();
    const panel = page.getByRole("dialog", { name: `${LEAD.firstName} ${LEAD.lastName}` });
    await poll(() => panel.getByText(LEAD_COMMENT, { exact: true }).isVisible()).toBe(true);
    expect(await panel.locator("b").count()).toBe(0); // visitor text is shown, never interpreted
    await panel.getByLabel("Status").selectOption("in_progress");
    await panel.getByLabel("Note").fill("Called on Monday; sending the deck.");
    await panel.getByRole("button", { name: "Save" }).click();
    await poll(() => page.getByText("Lead updated").isVisible()).toBe(true);

    await page.reload();
    await waitForHydration(page);
    const reopened = page.getByRole("dialog", { name: `${LEAD.firstName} ${LEAD.lastName}` });
    await poll(() => reopened.getByLabel("Status").inputValue()).toBe("in_progress");
    expect(await reopened.getByLabel("Note").inputValue()).toBe("Called on Monday; sending the deck.");
    await page.keyboard.press("Escape");
    await poll(() => reopened.count()).toBe(0);
    await poll(() =>
      page
        .getByRole("region", { name: /contact enquiries/ })
        .getByText("In progress")
        .isVisible(),
    ).toBe(true);

    const emailHeader = page.getByRole("columnheader", { name: /Email/ });
    await emailHeader.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "email");
    await poll(() => emailHeader.getAttribute("aria-sort")).toBe("ascending");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vestin-enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const csv = readFileSync(file, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Email");
    expect(lines[0]).toContain("Status");
    expect(lines).toHaveLength(2); // the header and the one lead of the current filter
    expect(lines[1]).toContain(LEAD.email);
    expect(lines[1]).toContain("in_progress");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("writes an article in Markdown, publishes it, and readers find it on /articles", async () => {
    const title = `Tokenized vineyards ${stamp}`;
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    await signIn(page, ADMIN, "/admin/articles");
    await page.getByRole("link", { name: "New article" }).click();
    await page.waitForURL("**/admin/articles/new");
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Excerpt/).fill("How a wine estate became a thousand shares, and what the buyers really own.");
    await page.getByLabel(/^Category/).fill("Education");
    await page.getByLabel("Tags").fill("Real estate, Agriculture");
    // Authors are people on file (the seeded writers among them): pick one in the picker.
    await page.getByRole("combobox", { name: /Authors/ }).selectOption({ label: "Priya Raman" });
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Upload image" }).click()]);
    await chooser.setFiles({ name: "vineyard.png", mimeType: "image/png", buffer: PNG });
    const imageAddress = page.getByLabel("Image address");
    // A PNG upload is kept as PNG (its fallback format); its AVIF and WebP variants follow by job.
    await poll(() => imageAddress.inputValue()).toMatch(/^\/media\/[^/]+\.png$/);
    const media = await fetch(`${baseURL()}${await imageAddress.inputValue()}`);
    expect(media.headers.get("content-type")).toBe("image/png");
    await page.getByLabel("Alternative text").fill("Rows of vines at sunset");
    await page
      .getByLabel("Article text (Markdown)")
      .fill("## Harvest yields\n\nEach token carries a **share of the harvest** income.\n\n- Audited yearly\n- Paid quarterly\n");
    const preview = page.getByRole("region", { name: "Preview" });
    await poll(() => preview.getByRole("heading", { name: "Harvest yields" }).isVisible()).toBe(true);
    await page.getByRole("switch", { name: "Published", exact: true }).click();
    await page.getByRole("button", { name: "Create article" }).click();
    await page.waitForURL((url) => /^\/admin\/articles\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith("/new"));
    await poll(() => page.getByText("Article created").isVisible()).toBe(true);

    await page.goto("/articles");
    await waitForHydration(page);
    const card = page.getByRole("link", { name: title }).first();
    await poll(() => card.isVisible()).toBe(true);
    await card.click();
    await page.waitForURL(/\/blog\//);
    await poll(() => page.getByRole("heading", { name: "Harvest yields" }).isVisible()).toBe(true);
    expect(await page.locator("strong", { hasText: "share of the harvest" }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it("fits a phone: the sections are a top menu and the tables fit the screen as cards", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: PHONE });
    await signIn(page, ADMIN, "/admin/leads");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL("**/admin/audit");
    // The status change of the journey above is in the log, under this administrator's address.
    await poll(() => page.getByRole("row").filter({ hasText: "PATCH" }).filter({ hasText: ADMIN.email }).count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("has no serious or critical accessibility violations on the dashboard, the inbox with a lead open, and the editor", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, reducedMotion: "reduce", bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await poll(() => page.locator(".recharts-surface").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/leads?search=${encodeURIComponent(LEAD.lastName)}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `${LEAD.firstName} ${LEAD.lastName}` }).click();
    await poll(() => page.getByRole("dialog").getByLabel("Note").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/admin/articles/new");
    await waitForHydration(page);
    await poll(() => page.getByLabel("Article text (Markdown)").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
