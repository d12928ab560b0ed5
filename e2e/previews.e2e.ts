import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AdminAccount,
  adminSessionToken,
  createAdminOn,
  DESKTOP,
  jsErrors,
  PHONE,
  sharedServer,
  signedInAdminPage,
  useBrowser,
  waitForHydration,
} from "./support.ts";

/*
 * Preview links: an administrator makes a secret link to a draft article in its editor, a
 * signed-out browser opens it and sees the draft with the preview banner (and without JavaScript,
 * from the server alone), never indexed; once revoked, the link shows the not-valid page.
 */

const SHOTS = process.env.PREVIEW_SHOTS_DIR ?? "/work/notes/shots/preview";
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Pia", lastName: "View", email: `previews.admin.${stamp}@example.com`, password: "preview-pass-12" };
const TITLE = `Custody before settlement ${stamp}`;
const server = sharedServer();
let articleId = "";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe("preview links", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    const admin = await createAdminOn(server, ADMIN);
    ADMIN.deviceToken = admin.deviceToken;
    const token = await adminSessionToken(server, admin);
    const res = await fetch(`${server.url}/api/v1/blogs`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        title: TITLE,
        excerpt: "Who holds the asset while the trade settles.",
        category: "Tokenization",
        author: { name: "Pia View" },
        markdown: "## Custody\n\nThe draft's own words.",
        status: "draft",
      }),
    });
    expect(res.status).toBe(201);
    articleId = ((await res.json()) as { data: { _id: string } }).data._id;
  });

  it("shares a draft article with a signed-out reader until the link is revoked", async () => {
    const { page: admin, context: adminContext } = await signedInAdminPage(browser(), server, ADMIN, `/admin/articles/${articleId}`, TITLE, DESKTOP);
    const panel = admin.locator("section", { has: admin.getByRole("heading", { name: "Share preview" }) });
    await panel.getByLabel("Link works for").selectOption("1d");
    await panel.getByRole("button", { name: "Create preview link" }).click();
    const link = await panel.getByRole("textbox", { name: "Preview link" }).inputValue();
    expect(link).toMatch(/^https?:\/\/[^/]+\/preview\/[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => panel.getByTestId("preview-link-row").count()).toBe(1);
    await panel.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shoot(admin, "admin-share-preview-1280");
    await admin.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await shoot(admin, "admin-share-preview-390");
    await admin.setViewportSize(DESKTOP);

    // A reader without an account.
    const address = new URL(link).pathname;
    const reader = await browser().newContext({ baseURL: server.url, viewport: DESKTOP });
    const page = await reader.newPage();
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers["x-robots-tag"]).toBe("noindex");
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["x-page-cache"]).not.toBe("hit");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await expect.poll(() => page.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    // Nothing in a preview writes: no like button, no newsletter form.
    expect(await page.getByRole("button", { name: /like/i }).count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await shoot(page, "preview-article-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "preview-article-390");

    // Without JavaScript the server alone renders it.
    const plain = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: PHONE });
    const noScript = await plain.newPage();
    expect((await noScript.goto(address))?.status()).toBe(200);
    expect(await noScript.getByRole("heading", { level: 1, name: TITLE }).count()).toBe(1);
    expect(await noScript.getByTestId("preview-banner").textContent()).toContain("Preview — not published yet");
    expect(await noScript.locator("main, body").first().textContent()).toContain("The draft's own words.");

    // The administrator revokes it: the same address now shows the not-valid page.
    await panel.getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => panel.getByTestId("preview-link-row").first().textContent()).toContain("Revoked");
    const after = await noScript.goto(address);
    expect(after?.status()).toBe(404);
    expect(await noScript.getByTestId("preview-not-valid").textContent()).toContain("This preview link is not valid or has expired.");
    expect(await noScript.getByRole("heading", { level: 1, name: TITLE }).count()).toBe(0);
    await shoot(noScript, "preview-not-valid-390");
    await noScript.setViewportSize(DESKTOP);
    await shoot(noScript, "preview-not-valid-1280");

    await Promise.all([plain.close(), reader.close(), adminContext.close()]);
  });
});
