import { createHmac } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../apps/server/test/webhook-receiver.ts";
import { expectAccessible } from "./learner-support.ts";
import {
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  PHONE,
  type IsolatedServer,
  jsErrors,
  signedInAdminPage,
  startIsolatedServer,
  useBrowser,
} from "./support.ts";

/*
 * Webhooks in the console: an administrator adds an endpoint that points at a
 * receiver this test runs, copies the signing secret shown once, sends a test event and sees it
 * delivered in the log with the receiver's answer; the receiver checks the signature with the
 * secret. Its own server, with WEBHOOK_ALLOW_PRIVATE=1 so deliveries may reach 127.0.0.1.
 */

/** Screenshots to look at (390 and 1280 px), outside the repository. */
const SHOTS = process.env.WEBHOOK_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-webhooks-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Wes", lastName: "Hook", email: `webhooks.admin.${stamp}@example.com`, password: "webhook-pass-1" };

let server: IsolatedServer;
let receiver: Receiver;
let secret = "";
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const createAdmin = () => createAdminOn(server, ADMIN);
const signedInPage = (browser: Browser, viewport: { width: number; height: number }) =>
  signedInAdminPage(browser, server, ADMIN, "/admin/webhooks", "Webhooks", viewport);

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `webhooks-${name}.png`), fullPage: true });
}

/** The receiver's own check of a delivery (README "Webhooks"), with node:crypto only. */
function signatureValid(headers: Record<string, string | string[] | undefined>, body: string, key: string): boolean {
  const signed = `${String(headers["webhook-id"])}.${String(headers["webhook-timestamp"])}.${body}`;
  const expected = createHmac("sha256", Buffer.from(key.replace(/^whsec_/, ""), "base64"))
    .update(signed)
    .digest("base64");
  return String(headers["webhook-signature"]).split(" ").includes(`v1,${expected}`);
}

describe("webhooks in the console", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startIsolatedServer({ WEBHOOK_ALLOW_PRIVATE: "1" });
    receiver = await startReceiver([{ status: 200, body: "ok" }]);
    await createAdmin();
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.stop();
  });

  it("adds an endpoint, shows its secret once, sends a signed test event and logs the answer", async () => {
    const { page, context } = await signedInPage(browser(), DESKTOP);
    await poll(() => page.getByRole("heading", { name: "No webhook endpoints yet" }).isVisible()).toBe(true);
    await shoot(page, "empty-1280");
    await expectAccessible(page, "empty page");

    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await poll(() => form.isVisible()).toBe(true);
    // The server's refusal lands on the field it is about.
    await form.getByLabel("Endpoint URL").fill("crm.example.com/hooks");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await poll(() => form.getByText("Enter a full web address").isVisible()).toBe(true);
    expect(await form.getByLabel("Endpoint URL").getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "form-error-1280");
    await expectAccessible(page, "form with an error", { excludeToasts: true });

    await form.getByLabel("Endpoint URL").fill(receiver.url);
    await form.getByLabel("Description").fill("Team CRM");
    await form.getByRole("checkbox", { name: /Testnet waitlist sign-up/ }).uncheck();
    await form.getByRole("radio", { name: /JSON \(signed\)/ }).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const secretDialog = page.getByRole("dialog", { name: /copy its signing secret/ });
    await poll(() => secretDialog.isVisible()).toBe(true);
    secret = await secretDialog.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await secretDialog.getByRole("button", { name: "Copy" }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shoot(page, "secret-1280");
    await expectAccessible(page, "secret dialog", { excludeToasts: true });
    await secretDialog.getByRole("button", { name: "I have stored the secret" }).click();
    await poll(() => secretDialog.count()).toBe(0);

    const card = page.getByRole("article", { name: "Team CRM" });
    await poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText("Active").isVisible()).toBe(true);
    expect(await card.getByText("Testnet waitlist sign-up").count()).toBe(0);
    // The secret is not on the page any more, and not in the list's answer.
    expect(await page.content()).not.toContain(secret);

    await card.getByRole("button", { name: "Send test" }).click();
    const log = page.getByRole("dialog", { name: "Delivery log" });
    await poll(() => log.isVisible()).toBe(true);
    await poll(() => log.getByText("HTTP 200").isVisible()).toBe(true);
    expect(await log.getByText("Delivered").isVisible()).toBe(true);
    expect(await log.getByText("Test event").isVisible()).toBe(true);
    await shoot(page, "log-1280");
    await expectAccessible(page, "delivery log", { excludeToasts: true });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(signatureValid(request?.headers ?? {}, request?.body ?? "", secret)).toBe(true);
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ type: "webhook.test" });

    await page.keyboard.press("Escape");
    await poll(() => log.count()).toBe(0);
    await poll(() => card.getByText("Delivered").isVisible()).toBe(true);
    await shoot(page, "list-1280");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("works on a phone and from the keyboard: the actions menu, the delivery log, no sideways scrolling", async () => {
    const { page, context } = await signedInPage(browser(), PHONE);
    const card = page.getByRole("article", { name: "Team CRM" });
    await poll(() => card.isVisible()).toBe(true);
    await shoot(page, "list-390");
    await expectAccessible(page, "list on a phone");

    const more = card.getByRole("button", { name: "More actions for Team CRM" });
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await poll(() => menu.isVisible()).toBe(true);
    expect((await menu.getByRole("menuitem").allTextContents()).map((text) => text.trim())).toEqual(["Edit", "Disable", "Rotate secret", "Delete"]);
    await shoot(page, "menu-390");
    await page.keyboard.press("Escape");
    await poll(() => menu.count()).toBe(0);

    await card.getByRole("button", { name: "Delivery log" }).click();
    const log = page.getByRole("dialog", { name: "Delivery log" });
    await poll(() => log.getByText("HTTP 200").isVisible()).toBe(true);
    await shoot(page, "log-390");
    await expectAccessible(page, "delivery log on a phone", { excludeToasts: true });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
