import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./learner-support.ts";
import {
  adminSessionToken,
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  jsErrors,
  confirmedReader,
  outboxMails,
  PHONE,
  sharedServer,
  signedInAdminPage,
  useBrowser,
} from "./support.ts";

/*
 * An uploaded image in a newsletter campaign shows in the console's preview (a sandboxed frame
 * with an opaque origin: the image is a cross-origin load) and on the sent campaign's page, from
 * the site's public address, as it will in a mail client.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Iris", lastName: "Pictures", email: `images.admin.${stamp}@example.com`, password: "images-pass-1234" };
const READER = `images.reader.${stamp}@example.com`;
const SUBJECT = `Harbour photographs ${stamp}`;
const ALT = "The harbour building at dawn";

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout, interval: 150 });

async function api<T>(method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${sharedServer().url}/api/v1${p}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: ((await res.json().catch(() => ({}))) as { data: T }).data };
}

/** The preview frame's image (an img the frame shows, named by its alternative text). */
async function previewImage(page: Page, subject = SUBJECT, alt = ALT) {
  const frame = page.frameLocator(`iframe[title="E-mail preview: ${subject}"]`);
  const image = frame.getByRole("img", { name: alt });
  await image.waitFor({ timeout: 20_000 });
  return image;
}

describe("images in newsletter campaigns", () => {
  const browser = useBrowser();
  let campaignId = "";
  let imageUrl = "";

  beforeAll(async () => {
    await createAdminOn(sharedServer(), ADMIN);
    await confirmedReader(sharedServer(), READER);
    const token = await adminSessionToken(sharedServer(), ADMIN);
    const png = await sharp({ create: { width: 320, height: 160, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "harbour.png");
    const uploaded = await fetch(`${sharedServer().url}/api/v1/admin/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    imageUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
    const created = await api<{ _id: string }>(
      "POST",
      "/admin/newsletter/campaigns",
      { kind: "markdown", subject: SUBJECT, body: `Our first building, photographed this morning:\n\n![${ALT}](${imageUrl})` },
      token,
    );
    expect(created.status).toBe(201);
    campaignId = created.data._id;
  }, 120_000);

  it("shows the uploaded image in the draft's preview, loaded from the site's public address", async () => {
    const { page, context } = await signedInAdminPage(browser(), sharedServer(), ADMIN, `/admin/newsletter/campaigns/${campaignId}`, SUBJECT, DESKTOP);
    const blocked: string[] = [];
    page.on("requestfailed", (request) => blocked.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.getByRole("button", { name: "Preview e-mail" }).click();
    const image = await previewImage(page);
    expect(await image.getAttribute("src")).toBe(`${sharedServer().url}${imageUrl}`);
    await poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(320);
    expect(blocked).toEqual([]);
    await expectAccessible(page, "campaign preview with an image", { excludeToasts: true });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows it on the sent campaign's page, and the e-mail carries the same absolute address", async () => {
    const token = await adminSessionToken(sharedServer(), ADMIN);
    expect((await api("POST", `/admin/newsletter/campaigns/${campaignId}/send`, {}, token)).status).toBe(200);
    await poll(async () => (await api<{ status: string }>("GET", `/admin/newsletter/campaigns/${campaignId}`, undefined, token)).data.status, 60_000).toBe(
      "sent",
    );
    const mail = outboxMails(sharedServer().dataDir).find((m) => m.to === READER && m.subject === SUBJECT);
    expect(mail?.text).toContain(`src="${sharedServer().url}${imageUrl}"`);

    const { page, context } = await signedInAdminPage(browser(), sharedServer(), ADMIN, `/admin/newsletter/campaigns/${campaignId}`, SUBJECT, PHONE);
    const image = await previewImage(page);
    await poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(320);
    await expectAccessible(page, "sent campaign with an image on a phone");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows a published article's own picture in the preview of its campaign", async () => {
    const token = await adminSessionToken(sharedServer(), ADMIN);
    const listed = (await (await fetch(`${sharedServer().url}/api/v1/blogs?limit=50`)).json()) as {
      data: Array<{ _id: string; title: string; featuredImage: string; featuredImageAlt: string }>;
    };
    // A seeded article with its own picture (other tests on this server may give an article an uploaded one).
    const article = listed.data.find((a) => a.featuredImage.startsWith("/images/blog/"));
    if (!article) throw new Error("no seeded article with a picture of its own");
    // The article pictures alone are readable across origins, still as images that are never sniffed.
    const picture = await fetch(`${sharedServer().url}${article.featuredImage}`);
    expect(picture.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(picture.headers.get("content-type")).toMatch(/^image\//);
    expect(picture.headers.get("x-content-type-options")).toBe("nosniff");
    for (const other of ["/images/token/vstn-distribution.svg", "/favicon.svg", "/og-image.png", "/site.webmanifest"]) {
      expect((await fetch(`${sharedServer().url}${other}`)).headers.get("cross-origin-resource-policy"), other).toBe("same-origin");
    }
    const created = await api<{ _id: string; subject: string }>("POST", "/admin/newsletter/campaigns", { kind: "article", articleId: article._id }, token);
    expect(created.status).toBe(201);
    const { page, context } = await signedInAdminPage(
      browser(),
      sharedServer(),
      ADMIN,
      `/admin/newsletter/campaigns/${created.data._id}`,
      created.data.subject,
      DESKTOP,
    );
    await page.getByRole("button", { name: "Preview e-mail" }).click();
    const image = await previewImage(page, created.data.subject, article.featuredImageAlt);
    expect(await image.getAttribute("src")).toBe(`${sharedServer().url}${article.featuredImage}`);
    await poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBeGreaterThan(0);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
