import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_SEND_JOB } from "../apps/server/src/features/newsletter/index.ts";
import { MAIL_JOB } from "../apps/server/src/lib/jobs/index.ts";
import { queueSettled } from "../apps/server/test/support/jobs.ts";
import { expectAccessible } from "./learner-support.ts";
import {
  adminSessionToken,
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  PHONE,
  signedInAdminPage,
  type IsolatedServer,
  jsErrors,
  confirmedReader,
  outboxMails,
  startIsolatedServer,
  useBrowser,
  pageLoaderGone,
} from "./support.ts";

/*
 * The newsletter in the console: three readers subscribe and confirm through the
 * public API and the links e-mailed to them; an administrator writes a Markdown campaign,
 * previews it, sends a test to their own address, sends it to the confirmed subscribers and
 * watches the progress reach "sent"; a CSV import with a bad line is refused whole, naming the
 * line. Its own server, sending 20 messages a minute so the progress can be seen moving.
 */

const SHOTS = process.env.NEWSLETTER_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-newsletter-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Nora", lastName: "Letter", email: `newsletter.admin.${stamp}@example.com`, password: "newsletter-pass-1" };
const READERS = [1, 2, 3].map((i) => `reader${i}.${stamp}@example.com`);
const SUBJECT = `Vestin news ${stamp}`;
const MESSAGE = `## Hello readers\n\nThe testnet opens on **Monday**. Line ${stamp}.`;

let server: IsolatedServer;
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 150 });

const mailsTo = (email: string) => outboxMails(server.dataDir).filter((mail) => mail.to === email);

async function api<T>(
  method: string,
  p: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: { success: boolean; data: T; message?: string; total?: number } }> {
  const res = await fetch(`${server.url}/api/v1${p}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as never };
}

/** A session from the administrator's remembered device (two-factor sign-in is on: support.ts). */
const adminToken = (): Promise<string> => adminSessionToken(server, ADMIN);

/** A screenshot to look at: the whole page from its top (or the screen, for a dialog), toasts left out. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  const toasts = (visibility: string) =>
    page.evaluate((v) => {
      for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]")) toaster.style.visibility = v;
    }, visibility);
  await toasts("hidden");
  // The shell's entry placeholder fades on its own after a navigation; wait until it has.
  await pageLoaderGone(page);
  const file = path.join(SHOTS, `newsletter-${name}.png`);
  const screen = page.viewportSize();
  if (fullPage && screen) {
    // A screen as tall as the page, so sticky bars sit where they would, not across the content.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: screen.width, height: Math.max(height, screen.height) });
    await page.screenshot({ path: file });
    await page.setViewportSize(screen);
  } else await page.screenshot({ path: file });
  await toasts("");
}

/** A page of the console, signed in as the campaign's administrator from their remembered device. */
const signedInPage = (browser: Browser, p: string, heading: string, viewport = DESKTOP) => signedInAdminPage(browser, server, ADMIN, p, heading, viewport);

/** The figure of one of the three count cards. */
const countOf = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Subscribers by status" })
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .locator("dd > span")
    .first()
    .textContent();

describe("the newsletter in the console", () => {
  const browser = useBrowser();
  let campaignUrl = "";

  beforeAll(async () => {
    server = await startIsolatedServer({ NEWSLETTER_RATE: "20" });
    await createAdminOn(server, ADMIN);
    for (const email of READERS) await confirmedReader(server, email);
  }, 120_000);
  afterAll(async () => server?.stop());

  it("writes a Markdown campaign, previews it, sends a test, sends it to the confirmed subscribers and follows it to the end", async () => {
    const { page, context } = await signedInPage(browser(), "/admin/newsletter", "Newsletter");
    await poll(() => countOf(page, "Confirmed")).toBe("3");
    expect(await countOf(page, "Pending")).toBe("0");
    const table = page.getByRole("region", { name: "Subscribers", exact: true });
    for (const email of READERS) await poll(() => table.getByText(email).isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: /Confirmed subscribers per day/ }).isVisible()).toBe(true);
    await shoot(page, "page-1280");
    await expectAccessible(page, "newsletter page");

    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByRole("heading", { level: 1, name: "New campaign" }).waitFor();
    expect(await page.getByRole("radio", { name: /A message/ }).isChecked()).toBe(true);
    // Nothing to send yet: the form says what is missing, and nothing is created.
    await page.getByRole("button", { name: "Preview e-mail" }).click();
    await poll(() => page.getByText("Please enter a subject.").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/admin/newsletter/campaigns/new");

    await page.getByLabel("Subject").fill(SUBJECT);
    await page.getByLabel("Message (Markdown)").fill(MESSAGE);
    await page.getByRole("button", { name: "Preview e-mail" }).click();
    // Previewing saves the draft first: the campaign now has its own address.
    await page.waitForURL((url) => /^\/admin\/newsletter\/campaigns\/(?!new$)[^/]+$/.test(url.pathname));
    campaignUrl = new URL(page.url()).pathname;
    const frame = page.locator(`iframe[title="E-mail preview: ${SUBJECT}"]`);
    await poll(() => frame.count()).toBe(1);
    expect(await frame.getAttribute("sandbox")).toBe("");
    await poll(() => page.frameLocator(`iframe[title="E-mail preview: ${SUBJECT}"]`).locator("body").textContent()).toContain(
      `The testnet opens on Monday. Line ${stamp}.`,
    );
    expect(await page.frameLocator(`iframe[title="E-mail preview: ${SUBJECT}"]`).getByRole("heading", { name: "Hello readers" }).isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Plain text" }).click();
    await poll(() => page.getByLabel("Plain-text part").textContent()).toContain(`Line ${stamp}`);
    await page.getByRole("tab", { name: "HTML" }).click();
    await shoot(page, "editor-preview-1280");
    await expectAccessible(page, "campaign editor with the preview", { excludeToasts: true });

    await page.getByRole("button", { name: "Send test to me" }).click();
    await poll(() => page.getByText(`Test sent to ${ADMIN.email}`).isVisible()).toBe(true);
    await poll(() => mailsTo(ADMIN.email).some((mail) => mail.subject === `[Test] ${SUBJECT}` && mail.text.includes(`Line ${stamp}`))).toBe(true);
    // The test went to the admin only.
    for (const email of READERS) expect(mailsTo(email).some((mail) => mail.subject.includes(SUBJECT))).toBe(false);

    await page.getByRole("button", { name: "Send now" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Send this campaign now?" });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("3 confirmed subscribers");
    await shoot(page, "send-dialog-1280", { fullPage: false });
    await dialog.getByRole("button", { name: "Send to 3 confirmed subscribers" }).click();
    await poll(() => dialog.count()).toBe(0);

    // 20 a minute: the bar moves while the page reads the campaign every 2 seconds, with no reload.
    const sending = page.getByRole("progressbar", { name: "Sending progress" });
    const results = page.getByRole("progressbar", { name: "Delivery results" });
    let midway = false;
    await poll(async () => {
      if (await results.isVisible()) return true;
      const done = Number(await sending.getAttribute("aria-valuenow", { timeout: 500 }).catch(() => "0"));
      if (!midway && done >= 1 && done < 3) {
        midway = true;
        await shoot(page, "sending-1280");
      }
      return false;
    }, 60_000).toBe(true);
    expect(await results.getAttribute("aria-valuenow")).toBe("3");
    expect(await results.getAttribute("aria-valuemax")).toBe("3");
    expect(await results.getAttribute("aria-valuetext")).toBe("3 of 3 sent, 0 failed, 0 left");
    expect(await page.getByText("Sent", { exact: true }).first().isVisible()).toBe(true);
    for (const email of READERS) {
      const got = mailsTo(email).filter((mail) => mail.subject === SUBJECT);
      expect(got, email).toHaveLength(1);
      expect(got[0]?.text).toContain(`Line ${stamp}`);
      expect(got[0]?.text).toMatch(/List-Unsubscribe:\s*<https?:\/\/[^>]+\/api\/v1\/newsletter\/unsubscribe\?token=/);
    }
    // A sent campaign is read-only: no fields, no send buttons.
    expect(await page.getByLabel("Subject").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send now" }).count()).toBe(0);
    await shoot(page, "sent-1280");
    await expectAccessible(page, "sent campaign", { excludeToasts: true });

    await page.getByRole("link", { name: "Newsletter" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Newsletter" }).waitFor();
    const campaigns = page.getByRole("region", { name: "Campaigns", exact: true });
    const row = campaigns.getByRole("row", { name: new RegExp(SUBJECT) });
    await poll(() => row.isVisible()).toBe(true);
    expect(await row.getByText("Sent", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("3");
    await shoot(page, "page-after-send-1280");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("schedules a draft for later, then takes it back to a draft", async () => {
    const token = await adminToken();
    const subject = `Later ${stamp}`;
    const draft = await api<{ _id: string }>("POST", "/admin/newsletter/campaigns", { kind: "markdown", subject, body: "Coming soon." }, token);
    expect(draft.status).toBe(201);
    const id = draft.body.data._id;
    const { page, context } = await signedInPage(browser(), `/admin/newsletter/campaigns/${id}`, subject);
    await page.getByRole("button", { name: "Schedule…" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Schedule this campaign?" });
    await poll(() => dialog.isVisible()).toBe(true);
    // An hour from now unless the admin picks another time.
    expect(await dialog.getByLabel("Send at (your local time)").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await dialog.getByRole("button", { name: "Schedule campaign" }).click();
    await poll(() => page.getByRole("button", { name: "Cancel schedule" }).isVisible()).toBe(true);
    const scheduled = await api<{ status: string; scheduledAt: string }>("GET", `/admin/newsletter/campaigns/${id}`, undefined, token);
    expect(scheduled.body.data.status).toBe("scheduled");
    expect(Date.parse(scheduled.body.data.scheduledAt) - Date.now()).toBeGreaterThan(50 * 60_000);
    await shoot(page, "scheduled-1280");
    await expectAccessible(page, "scheduled campaign", { excludeToasts: true });

    await page.getByRole("button", { name: "Cancel schedule" }).click();
    await poll(() => page.getByLabel("Subject").isVisible()).toBe(true);
    expect((await api<{ status: string }>("GET", `/admin/newsletter/campaigns/${id}`, undefined, token)).body.data.status).toBe("draft");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("refuses a CSV import with a bad line, naming it, and imports nothing; a clean file sends the opt-in e-mail", async () => {
    const { page, context } = await signedInPage(browser(), "/admin/newsletter", "Newsletter");
    const newcomer = `newcomer.${stamp}@example.com`;
    await poll(() => countOf(page, "Pending")).toBe("0");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import subscribers" });
    await poll(() => dialog.isVisible()).toBe(true);

    // The consent source is required.
    await dialog.getByLabel("CSV text").fill(`email\n${newcomer}\nnot-an-address\n`);
    await dialog.getByRole("button", { name: "Import addresses" }).click();
    await poll(() => dialog.getByText("Say where these people gave their consent").isVisible()).toBe(true);

    await dialog.getByLabel("Where did these people agree to receive the newsletter?").fill("Sign-up sheet at the Vestin meetup in Lisbon");
    await dialog.getByRole("button", { name: "Import addresses" }).click();
    await poll(() => dialog.getByText(/Line 3: "not-an-address" is not a valid e-mail address/).isVisible()).toBe(true);
    expect(await dialog.getByLabel("CSV text").getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "import-error-1280", { fullPage: false });
    await expectAccessible(page, "import dialog with an error", { excludeToasts: true });

    // Nothing was imported: no subscriber, no e-mail.
    const token = await adminToken();
    const found = await api<unknown[]>("GET", `/admin/newsletter/subscribers?search=${encodeURIComponent(newcomer)}`, undefined, token);
    expect(found.body.total).toBe(0);
    expect(mailsTo(newcomer)).toHaveLength(0);

    // Without the bad line (and with a reader already confirmed, which is skipped).
    await dialog.getByLabel("CSV text").fill(`email\n${newcomer}\n${READERS[0]}\n`);
    await dialog.getByRole("button", { name: "Import addresses" }).click();
    await poll(() => dialog.getByText("1 address imported").isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("1 skipped");
    await poll(() => mailsTo(newcomer).some((mail) => /\/newsletter\/confirm\?token=/.test(mail.text))).toBe(true);
    await dialog.getByRole("button", { name: "Done" }).click();
    await poll(() => countOf(page, "Pending")).toBe("1");
    expect(await countOf(page, "Confirmed")).toBe("3");
    const row = page.getByRole("region", { name: "Subscribers", exact: true }).getByRole("row", { name: new RegExp(newcomer.replace(/\./g, "\\.")) });
    await poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain("CSV import");
    expect(await row.textContent()).toContain("Pending");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("e-mails an article published with “Send to subscribers” once, and says so in the editor", async () => {
    const token = await adminToken();
    const title = `Tokenized bonds, explained ${stamp}`;
    const created = await api<{ _id: string }>(
      "POST",
      "/blogs",
      {
        title,
        excerpt: "What a tokenized bond is, in five minutes.",
        category: "Education",
        tags: [],
        author: { name: "Nora Letter" },
        markdown: "## Bonds\n\nA bond on a ledger.",
        featuredImage: "",
        featuredImageAlt: "",
        isFeatured: false,
        status: "published",
        sendToSubscribers: true,
      },
      token,
    );
    expect(created.status).toBe(201);
    await poll(() => READERS.every((email) => mailsTo(email).some((mail) => mail.subject === title)), 45_000).toBe(true);

    const { page, context } = await signedInPage(browser(), `/admin/articles/${created.body.data._id}`, title);
    await poll(() => page.getByText("Sent to subscribers on").isVisible()).toBe(true);
    expect(await page.getByRole("switch", { name: "Send to subscribers when published" }).count()).toBe(0);
    await shoot(page, "article-sent-1280");
    // Saving the article again sends nothing more.
    await page.getByRole("button", { name: "Save changes" }).click();
    await poll(() => page.getByText("Article saved").first().isVisible()).toBe(true);
    // A send would be a job stored with the save: once no campaign or mail job waits or runs, nothing more can arrive.
    await queueSettled(`sqlite:${path.join(server.dataDir, "app.db")}`, [NEWSLETTER_SEND_JOB, MAIL_JOB]);
    for (const email of READERS) expect(mailsTo(email).filter((mail) => mail.subject === title)).toHaveLength(1);

    // The same article as a campaign of its own: picked from the published ones, sent in full.
    await page.goto("/admin/newsletter/campaigns/new");
    await page.getByRole("heading", { level: 1, name: "New campaign" }).waitFor();
    await page.getByRole("radio", { name: /An article/ }).check();
    await page.getByLabel("Search published articles").fill(stamp);
    // Picking closes the list and shows the choice.
    await page.getByRole("radio", { name: new RegExp(title) }).click();
    await poll(() => page.getByRole("button", { name: "Change article" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Subject").inputValue()).toBe(title);
    await page.getByRole("radio", { name: /Full text/ }).check();
    await page.getByRole("button", { name: "Preview e-mail" }).click();
    await page.waitForURL((url) => /^\/admin\/newsletter\/campaigns\/(?!new$)[^/]+$/.test(url.pathname));
    const articleCampaign = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await poll(() => page.frameLocator("iframe[sandbox]").locator("body").textContent()).toContain("A bond on a ledger.");
    expect(await page.frameLocator("iframe[sandbox]").getByRole("link", { name: "Read it on the website" }).getAttribute("href")).toMatch(
      /\/blog\/tokenized-bonds-explained/,
    );
    await shoot(page, "editor-article-1280");
    await expectAccessible(page, "article campaign", { excludeToasts: true });
    // A draft can be deleted; it is gone from the server.
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete this draft?" }).getByRole("button", { name: "Delete draft" }).click();
    await page.getByRole("heading", { level: 1, name: "Newsletter" }).waitFor();
    expect((await api("GET", `/admin/newsletter/campaigns/${articleCampaign}`, undefined, token)).status).toBe(404);

    await page.goto("/admin/articles/new");
    await page.getByRole("heading", { level: 1, name: "New article" }).waitFor();
    const toggle = page.getByRole("switch", { name: "Send to subscribers when published" });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByText("When this article is published, it is e-mailed to confirmed subscribers once.").isVisible()).toBe(true);
    await page.getByRole("switch", { name: "Send to subscribers when published" }).scrollIntoViewIfNeeded();
    await shoot(page, "article-switch-1280");
    await expectAccessible(page, "article editor with the switch");
    await context.close();
  });

  it("works on a phone: the page, the sent campaign, a draft with its preview, the import dialog", async () => {
    const { page, context } = await signedInPage(browser(), "/admin/newsletter", "Newsletter", PHONE);
    await poll(() => countOf(page, "Confirmed")).toBe("3");
    await shoot(page, "page-390");
    await expectAccessible(page, "newsletter page on a phone");

    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import subscribers" });
    await dialog.getByLabel("CSV text").fill("email\nbroken-line\n");
    await dialog.getByLabel("Where did these people agree to receive the newsletter?").fill("Sign-up sheet at the Vestin meetup in Lisbon");
    await dialog.getByRole("button", { name: "Import addresses" }).click();
    await poll(() => dialog.getByText(/Line 2: "broken-line"/).isVisible()).toBe(true);
    await shoot(page, "import-error-390", { fullPage: false });
    await expectAccessible(page, "import dialog on a phone", { excludeToasts: true });
    await page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);

    await page.goto(campaignUrl);
    await poll(() => page.getByRole("progressbar", { name: "Delivery results" }).isVisible()).toBe(true);
    await shoot(page, "sent-390");
    await expectAccessible(page, "sent campaign on a phone");

    await page.goto("/admin/newsletter/campaigns/new");
    await page.getByRole("heading", { level: 1, name: "New campaign" }).waitFor();
    await page.getByLabel("Subject").fill(`Draft ${stamp}`);
    await page.getByLabel("Message (Markdown)").fill("A short draft with a [link](https://example.com).");
    await page.getByRole("button", { name: "Preview e-mail" }).click();
    await poll(() => page.locator("iframe[sandbox]").count()).toBe(1);
    await shoot(page, "editor-preview-390");
    await expectAccessible(page, "campaign editor on a phone", { excludeToasts: true });

    await page.goto("/admin/articles/new");
    await page.getByRole("heading", { level: 1, name: "New article" }).waitFor();
    await page.getByRole("switch", { name: "Send to subscribers when published" }).scrollIntoViewIfNeeded();
    await shoot(page, "article-switch-390");
    await expectAccessible(page, "article editor on a phone");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
