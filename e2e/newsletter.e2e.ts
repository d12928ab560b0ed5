import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_GUARD_MESSAGES } from "@vestin/shared/form-guard-core";
import { NEWSLETTER_CONSENT, NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter-core";
import { newsletterKeys } from "../apps/server/src/features/newsletter/index.ts";
import { expectAccessible } from "./learner-support.ts";
import { DESKTOP, jsErrors, openPage, pageLoaderGone, PHONE, startIsolatedServer, useBrowser, waitForHydration, type IsolatedServer } from "./support.ts";

/*
 * The newsletter's public side as a visitor meets it: subscribe from a form without an
 * account, confirm from the e-mail (double opt-in), unsubscribe in one click from a newsletter's
 * link. The server runs on its own, with the form guard on as in production (the subscribe form
 * loads its form token itself, on first focus) and a known JWT secret, from which the unsubscribe
 * links of newsletters are signed.
 */

const JWT_SECRET = "newsletter-e2e-secret-0123456789abcdef";
const SLUG = "how-fractional-ownership-works";

let server: IsolatedServer;
const browser = useBrowser();
const stamp = Date.now().toString(36);
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 150 });

beforeAll(async () => {
  server = await startIsolatedServer({ FORM_GUARD: "on", JWT_SECRET });
}, 90_000);
afterAll(async () => server?.stop());

type SubscriberRow = { id: string; status: string; source: string; source_page: string | null };
type ConsentRow = { action: string; source: string; source_page: string | null; wording_version: string | null; wording: string | null };

function subscriber(email: string): SubscriberRow | undefined {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return db.prepare("SELECT id, status, source, source_page FROM newsletter_subscribers WHERE email = ?").get(email.toLowerCase()) as
      | SubscriberRow
      | undefined;
  } finally {
    db.close();
  }
}

function consents(): ConsentRow[] {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return db.prepare("SELECT action, source, source_page, wording_version, wording FROM newsletter_consents ORDER BY at").all() as ConsentRow[];
  } finally {
    db.close();
  }
}

/** The e-mails in the server's outbox addressed to `email`, oldest first, quoted-printable unfolded. */
function mailsTo(email: string): string[] {
  const dir = path.join(server.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) =>
      readFileSync(path.join(dir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((text) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** The newsletter confirmation link in the newest e-mail to `email`. */
function confirmationLink(email: string): string | undefined {
  const origin = server.url.replace(/[.:/]/g, "\\$&");
  for (const text of mailsTo(email).reverse()) {
    const match = new RegExp(`${origin}/newsletter/confirm\\?token=[\\w-]+`).exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/** The page link a newsletter carries for this subscriber (signed as the server signs it when it sends a campaign). */
function unsubscribeLink(subscriberId: string): string {
  return `${server.url}/newsletter/unsubscribe?token=${newsletterKeys(JWT_SECRET).unsubscribeToken(subscriberId)}`;
}

/** A fresh context and page on this file's own server. */
async function openOwn(pathname: string, viewport = DESKTOP): Promise<Page> {
  return (await openPage(browser(), pathname, { viewport, baseURL: server.url })).page;
}

describe("newsletter", () => {
  it("subscribes from an article's footer, confirms from the e-mail, and unsubscribes in one click", async () => {
    const email = `reader.${stamp}@example.com`;
    const page = await openOwn(`/blog/${SLUG}`, PHONE);
    const tokenRequests: Request[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/form-token")) tokenRequests.push(request);
    });

    const footer = page.locator("footer");
    const form = footer.getByRole("form", { name: "The Vestin newsletter" });
    await expect.poll(() => form.getByText(NEWSLETTER_CONSENT.text).isVisible()).toBe(true);
    // The form's working part and its token load when a visitor reaches for the form, not with every page.
    expect(tokenRequests).toHaveLength(0);
    const field = form.getByLabel("Your e-mail", { exact: true });
    await field.fill(email);
    await poll(() => tokenRequests.length).toBe(1);
    await form.getByRole("button", { name: "Subscribe" }).click();

    const status = footer.getByRole("status");
    await poll(() => status.textContent()).toBe(NEWSLETTER_MESSAGES.subscribed);
    await expect.poll(() => footer.getByRole("textbox").count()).toBe(0);

    // Pending, with the consent recorded as the visitor saw it: which form, which page, which words.
    expect(subscriber(email)).toMatchObject({ status: "pending", source: "footer", source_page: `/blog/${SLUG}` });
    expect(consents().at(-1)).toMatchObject({
      action: "given",
      source: "footer",
      source_page: `/blog/${SLUG}`,
      wording_version: NEWSLETTER_CONSENT.version,
      wording: NEWSLETTER_CONSENT.text,
    });

    // The same answer for an address that is already waiting, and no second e-mail within the hour.
    await poll(() => confirmationLink(email)).toBeTruthy();
    const again = await openOwn("/articles", DESKTOP);
    const card = again.getByRole("main").getByRole("region", { name: "Get new articles by e-mail" });
    await card.getByLabel("Your e-mail", { exact: true }).fill(email);
    await card.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => card.getByRole("status").textContent()).toBe(NEWSLETTER_MESSAGES.subscribed);
    expect(mailsTo(email)).toHaveLength(1);
    await again.context().close();

    // A mail scanner fetching the link confirms nothing: only the page's own request does.
    const link = confirmationLink(email) ?? "";
    const scanned = await fetch(link);
    expect(scanned.status).toBe(200);
    expect(scanned.headers.get("cache-control")).toBe("no-store");
    const scannedHtml = await scanned.text();
    expect(scannedHtml).toContain('<meta name="robots" content="noindex"/>');
    // Before the page's own request the heading is the request itself.
    expect(scannedHtml).toMatch(/<h1[^>]*>Confirm your subscription<\/h1>/);
    expect(subscriber(email)?.status).toBe("pending");

    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor({ timeout: 15_000 });
    await poll(() => page.getByRole("main").getByRole("status").first().textContent()).toBe(NEWSLETTER_MESSAGES.confirmed);
    // Once confirmed the page says only that: the request's heading is gone, and there is one h1.
    expect(await page.getByRole("main").innerText()).not.toContain("Confirm your subscription");
    expect(await page.getByRole("heading", { level: 1 }).allInnerTexts()).toEqual(["Subscription confirmed"]);
    expect(subscriber(email)?.status).toBe("confirmed");
    // The used token leaves the address bar.
    expect(new URL(page.url()).search).toBe("");
    await pageLoaderGone(page);
    await expectAccessible(page, "newsletter confirmed (390 px)", { excludeToasts: true });

    // The same link a second time: nothing more to do.
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Already confirmed" }).waitFor({ timeout: 15_000 });

    // A newsletter's unsubscribe link: one question naming the (masked) address, one button.
    const id = subscriber(email)?.id ?? "";
    const unsubscribe = unsubscribeLink(id);
    const info = await fetch(`${server.url}/api/v1/newsletter/unsubscribe?token=${new URL(unsubscribe).searchParams.get("token")}`);
    expect(((await info.json()) as { data: { status: string } }).data.status).toBe("confirmed");
    await page.goto(unsubscribe);
    await waitForHydration(page);
    const question = page.getByRole("heading", { level: 1, name: `Unsubscribe r•••@example.com from the Vestin newsletter?` });
    await question.waitFor({ timeout: 15_000 });
    await pageLoaderGone(page);
    await expectAccessible(page, "newsletter unsubscribe question (390 px)", { excludeToasts: true });
    // Looking the link up changed nothing.
    expect(subscriber(email)?.status).toBe("confirmed");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription cancelled" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("main").getByRole("status").first().textContent()).toContain(NEWSLETTER_MESSAGES.unsubscribed);
    // Once done the page says only that: the request's title is gone, and there is one h1.
    expect(await page.getByRole("main").innerText()).not.toContain("Unsubscribe from the newsletter");
    expect(await page.getByRole("heading", { level: 1 }).allInnerTexts()).toEqual(["Subscription cancelled"]);

    // The API agrees, and the withdrawal is recorded.
    const after = await fetch(`${server.url}/api/v1/newsletter/unsubscribe?token=${new URL(unsubscribe).searchParams.get("token")}`);
    expect(((await after.json()) as { data: { status: string } }).data.status).toBe("unsubscribed");
    expect(subscriber(email)?.status).toBe("unsubscribed");
    expect(consents().at(-1)).toMatchObject({ action: "withdrawn" });
    await expectAccessible(page, "newsletter unsubscribed (390 px)", { excludeToasts: true });

    // Opening the link again says so, with nothing to press.
    await page.goto(unsubscribe);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Already unsubscribed" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("shows the server's field error for a disposable address, on the field", async () => {
    const page = await openOwn(`/blog/${SLUG}`, DESKTOP);
    const card = page.getByRole("main").getByRole("region", { name: "Get new articles by e-mail" });
    const field = card.getByLabel("Your e-mail", { exact: true });
    const disposable = `someone.${stamp}@mailinator.com`;
    await field.fill(disposable);
    await card.getByRole("button", { name: "Subscribe" }).click();

    await poll(() => field.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const errorId = describedBy.split(" ").find((id) => id.endsWith("-error")) ?? "";
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(FORM_GUARD_MESSAGES.disposableEmail);
    expect(subscriber(disposable)).toBeUndefined();
    expect(mailsTo(disposable)).toHaveLength(0);

    // A permanent address from the same form goes through (the refused try did not spend the form's token).
    const email = `article.${stamp}@example.com`;
    await field.fill(email);
    await card.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => card.getByRole("status").textContent()).toBe(NEWSLETTER_MESSAGES.subscribed);
    expect(subscriber(email)).toMatchObject({ status: "pending", source: "article", source_page: `/blog/${SLUG}` });
    expect(jsErrors(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("offers the form again for an expired confirmation link, and the new link works", async () => {
    const email = `late.${stamp}@example.com`;
    const page = await openOwn("/articles", PHONE);
    const card = page.getByRole("main").getByRole("region", { name: "Get new articles by e-mail" });
    await card.getByLabel("Your e-mail", { exact: true }).fill(email);
    await card.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => confirmationLink(email)).toBeTruthy();
    const expiredLink = confirmationLink(email) ?? "";
    // A week and more later: the link has expired, and the hour between confirmation e-mails is long past.
    const db = new Database(path.join(server.dataDir, "app.db"));
    try {
      db.prepare("UPDATE newsletter_subscribers SET confirm_expires_at = ?, confirm_mail_sent_at = ? WHERE email = ?").run(
        "2020-01-08T00:00:00.000Z",
        "2020-01-01T00:00:00.000Z",
        email,
      );
    } finally {
      db.close();
    }

    await page.goto(expiredLink);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "This link has expired" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("main").getByRole("alert").first().textContent()).toBe(NEWSLETTER_MESSAGES.confirmExpired);
    expect(subscriber(email)?.status).toBe("pending");
    await pageLoaderGone(page);
    await expectAccessible(page, "newsletter confirm, expired link (390 px)", { excludeToasts: true });

    const again = page.getByRole("main").getByRole("form");
    await again.getByLabel("Your e-mail", { exact: true }).fill(email);
    await again.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => page.getByRole("main").getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).count()).toBe(1);
    await poll(() => mailsTo(email).length).toBe(2);
    const freshLink = confirmationLink(email) ?? "";
    expect(freshLink).not.toBe(expiredLink);
    expect(subscriber(email)).toMatchObject({ status: "pending", source_page: "/newsletter/confirm" });

    await page.goto(freshLink);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor({ timeout: 15_000 });
    expect(subscriber(email)?.status).toBe("confirmed");
    expect(jsErrors(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("explains links that are not valid, on both pages", async () => {
    const page = await openOwn("/newsletter/confirm?token=not-a-real-token", DESKTOP);
    await page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("main").getByRole("alert").textContent()).toBe(NEWSLETTER_MESSAGES.confirmInvalid);
    await pageLoaderGone(page);
    await expectAccessible(page, "newsletter confirm, invalid link (1280 px)", { excludeToasts: true });

    await page.goto("/newsletter/unsubscribe?token=not.a.token");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("main").getByRole("alert").textContent()).toBe(NEWSLETTER_MESSAGES.unsubscribeInvalid);
    await pageLoaderGone(page);
    await expectAccessible(page, "newsletter unsubscribe, invalid link (1280 px)", { excludeToasts: true });

    const res = await fetch(`${server.url}/newsletter/unsubscribe?token=x`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');
    expect(jsErrors(page)).toEqual([]);
    await page.context().close();
  }, 90_000);
});
