import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  localDateTime,
  utcBeside,
  signedInAdminPage,
  type AdminAccount,
  adminSessionToken,
  createAdminOn,
  DESKTOP,
  type IsolatedServer,
  jsErrors,
  PHONE,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
  callApi,
} from "./support.ts";

/*
 * Scheduled publishing: an administrator in Paris schedules a draft a few seconds ahead in the
 * editor, reads the moment in their own zone and in UTC, and the article goes public by itself.
 * Its own server: the articles it publishes would change what other files count.
 */

/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.SCHEDULE_SHOTS_DIR ?? path.join("/tmp", "vestin-schedule-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Sched", lastName: "Uler", email: `schedule.admin.${stamp}@example.com`, password: "schedule-pass-1" };
const ZONE = "Europe/Paris";

let server: IsolatedServer;
let token = "";
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

const api = (method: string, pathname: string, body?: unknown) => callApi<{ _id: string; slug: string }>(server.url, method, pathname, body, token);

async function draft(title: string, slug: string) {
  const created = await api("POST", "/blogs", {
    title,
    slug,
    excerpt: "A harbour bond opens to investors.",
    category: "Tokenization",
    author: { name: "Sched Uler" },
    markdown: "## Opening\n\nThe bond opens at the scheduled moment.",
    status: "draft",
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

/** Signed in as the administrator, in Paris time, on `pathname` once its heading shows and the page is hydrated. */
async function adminPage(pathname: string, heading: string, viewport: { width: number; height: number }) {
  const opened = await signedInAdminPage(browser(), server, ADMIN, pathname, heading, viewport, { timezoneId: ZONE });
  await waitForHydration(opened.page);
  return opened;
}

async function shoot(page: Page, name: string) {
  await poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const browser = useBrowser();

describe("scheduled publishing", () => {
  beforeAll(async () => {
    server = await startIsolatedServer();
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    token = await adminSessionToken(server, admin);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("schedules a draft in the editor, shows the moment in Paris and UTC, and the article goes public by itself", async () => {
    const slug = `harbour-bond-${stamp}`;
    const title = `Harbour bond opens ${stamp}`;
    const article = await draft(title, slug);
    expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(404);

    const { page, context } = await adminPage(`/admin/articles/${article._id}`, title, DESKTOP);
    await waitForHydration(page);
    const moment = new Date(Math.ceil((Date.now() + 6000) / 1000) * 1000);
    await page.getByLabel("Publish at").fill(localDateTime(moment, ZONE));
    const utc = utcBeside(moment, ZONE);
    // The hint reads the moment back in the administrator's zone, named, with the UTC time.
    await poll(() =>
      page
        .getByText(new RegExp(`Publishes .+ ${ZONE} \\(${utc} UTC\\)`))
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const status = page.getByTestId("schedule-status");
    await poll(() => status.textContent()).toContain(`${ZONE} (${utc} UTC)`);
    await expect(page.getByText("Scheduled", { exact: true }).first().isVisible()).resolves.toBe(true);
    await shoot(page, "editor-scheduled-1280");
    expect(jsErrors(page)).toEqual([]);

    // Not public before the moment; public within 5 s after it, with no one touching anything.
    if (Date.now() < moment.getTime() - 500) expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(404);
    await poll(async () => (await fetch(`${server.url}/blog/${slug}`)).status, 20_000).toBe(200);
    expect(Date.now() - moment.getTime()).toBeLessThan(5000);
    const reader = await context.newPage();
    await reader.goto(`/blog/${slug}`);
    await poll(() => reader.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);
    await context.close();
  });

  it("lists scheduled articles by moment on a phone, and cancels one back to draft", async () => {
    const later = await draft(`Later bond ${stamp}`, `later-bond-${stamp}`);
    const sooner = await draft(`Sooner bond ${stamp}`, `sooner-bond-${stamp}`);
    expect((await api("PUT", `/admin/articles/${later._id}/schedule`, { scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString() })).status).toBe(200);
    expect((await api("PUT", `/admin/articles/${sooner._id}/schedule`, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200);

    const { page, context } = await adminPage("/admin/articles", "Articles", PHONE);
    await waitForHydration(page);
    await page.getByLabel("Status").selectOption("scheduled");
    await page.waitForURL((url) => url.searchParams.get("status") === "scheduled");
    const titles = page.getByRole("link", { name: /bond / });
    await poll(() => titles.allTextContents()).toEqual([`Sooner bond ${stamp}`, `Later bond ${stamp}`]);
    await shoot(page, "articles-scheduled-390");
    await page.setViewportSize(DESKTOP);
    await shoot(page, "articles-scheduled-1280");

    await page.getByRole("link", { name: `Later bond ${stamp}` }).click();
    await page.getByRole("heading", { level: 1, name: `Later bond ${stamp}` }).waitFor();
    await page.setViewportSize(PHONE);
    await poll(() => page.getByTestId("schedule-status").isVisible()).toBe(true);
    await shoot(page, "editor-scheduled-390");
    await page.getByRole("button", { name: "Cancel schedule" }).click();
    await poll(() => page.getByTestId("schedule-status").count()).toBe(0);
    expect((await api("GET", `/admin/articles/${later._id}`)).body.data).toMatchObject({ status: "draft", scheduledAt: null });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
