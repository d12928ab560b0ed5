import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";

const SITE = "https://media.vestin.test";

/** A photo-like test image (noise, so encoders work as on a photograph). */
async function photo(width: number, height: number, format: "png" | "jpeg" = "jpeg") {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i % width) * 31) % 251;
  const image = sharp(noise, { raw: { width, height, channels: 3 } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/*
 * Uploaded images are shown where the site's own origin is not the reader's: the newsletter
 * preview's sandboxed frame (an opaque origin) and mail clients. Only they may be read from other
 * origins; every other answer keeps Cross-Origin-Resource-Policy: same-origin.
 */
describeEachDatabase(
  "uploaded media across origins",
  (t) => {
    const upload = async () => {
      const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#0f766e" } })
        .png()
        .toBuffer();
      return t().app.media.store({ bytes: png, originalName: "harbour.png", uploadedBy: null });
    };

    it("serves an uploaded image readable from any origin, still as a PNG image that is never sniffed nor framed", async () => {
      const image = await upload();
      const res = await t().app.inject({ method: "GET", url: image.url, headers: { origin: "null", "sec-fetch-site": "cross-site" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect((await sharp(res.rawPayload).metadata()).format).toBe("png");

      // A revalidation answers 304 with the same policy: a cached copy stays usable in the frame.
      const again = await t().app.inject({ method: "GET", url: image.url, headers: { "if-none-match": String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    });

    it("loosens nothing else: missing media, pages, files and the API stay same-origin", async () => {
      const image = await upload();
      const wrongExtension = image.url.replace(/\.png$/, ".jpg");
      for (const url of ["/media/00000000-0000-0000-0000-000000000000.webp", "/media/not-an-id.webp", "/media/x.svg", wrongExtension, "/", "/api/v1/health"]) {
        const res = await t().app.inject({ method: "GET", url });
        expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      }
    });

    it("never serves a stored file that is not a raster image, whatever its row says", async () => {
      const image = await upload();
      await t().database.db.updateTable("media").set({ mime: "image/svg+xml" }).where("id", "=", image._id).execute();
      const res = await t().app.inject({ method: "GET", url: image.url.replace(/\.png$/, ".webp") });
      expect(res.statusCode).toBe(404);
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    });

    it("writes an uploaded image into a campaign's preview as an absolute address on PUBLIC_URL", async () => {
      const admin = await signedInUser(t().app, t().database.db, { admin: true });
      const image = await upload();
      const created = await api(
        t().app,
        "POST",
        "/api/v1/admin/newsletter/campaigns",
        { kind: "markdown", subject: "The harbour, photographed", body: `Our first building:\n\n![The harbour at dawn](${image.url})` },
        admin.token,
      );
      expect(created.status).toBe(201);
      const preview = await api(t().app, "GET", `/api/v1/admin/newsletter/campaigns/${created.body.data._id}/preview`, undefined, admin.token);
      expect(preview.status).toBe(200);
      expect(preview.body.data.html).toContain(`src="${SITE}${image.url}"`);
      expect(preview.body.data.html).not.toMatch(/src="\/media\//);
    });
  },
  { env: () => ({ PUBLIC_URL: SITE }) },
);

describeEachDatabase("image variants", (t) => {
  const variantRows = (id: string) =>
    t().database.db.selectFrom("media_variants").select(["width", "format", "height"]).where("media_id", "=", id).orderBy("width").orderBy("format").execute();
  const readyWidths = async (id: string) =>
    (await t().database.db.selectFrom("media").select("variant_widths").where("id", "=", id).executeTakeFirstOrThrow()).variant_widths;

  it("stores an upload's width and height at once and makes its variants in a job: three formats per width, none wider than the image", async () => {
    const bytes = await photo(1100, 550);
    const started = performance.now();
    const image = await t().app.media.store({ bytes, originalName: "field.jpg", uploadedBy: null });
    const answeredMs = performance.now() - started;
    expect(image).toMatchObject({ width: 1100, height: 550 });
    expect(image.url).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);
    // The answer does not wait for the encoding (seconds for AVIF): the job does it.
    expect(answeredMs).toBeLessThan(1500);
    const stored = await t().database.db.selectFrom("media").select(["width", "height", "mime"]).where("id", "=", image._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ width: 1100, height: 550, mime: "image/jpeg" });

    await t().app.jobs.idle(60_000);
    expect(JSON.parse(await readyWidths(image._id))).toEqual([320, 640, 960, 1100]);
    const rows = await variantRows(image._id);
    expect(rows.map((r) => `${r.width}:${r.format}`)).toEqual([320, 640, 960, 1100].flatMap((w) => [`${w}:avif`, `${w}:jpeg`, `${w}:webp`]));
    expect(rows.find((r) => r.width === 640)?.height).toBe(320);

    for (const [extension, mime, format] of [
      ["avif", "image/avif", "heif"],
      ["webp", "image/webp", "webp"],
      ["jpg", "image/jpeg", "jpeg"],
    ] as const) {
      const res = await t().app.inject({ method: "GET", url: image.url.replace(/\.jpg$/, `-640.${extension}`) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(mime);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format, width: 640 });
    }
    // A width or format that was not made is not found.
    expect((await t().app.inject({ method: "GET", url: image.url.replace(/\.jpg$/, "-1280.webp") })).statusCode).toBe(404);
    expect((await t().app.inject({ method: "GET", url: image.url.replace(/\.jpg$/, "-640.png") })).statusCode).toBe(404);
  });

  it("keeps a PNG upload's fallback variants in PNG", async () => {
    const image = await t().app.media.store({ bytes: await photo(400, 200, "png"), originalName: "chart.png", uploadedBy: null });
    await t().app.jobs.idle(60_000);
    expect((await variantRows(image._id)).map((r) => `${r.width}:${r.format}`)).toEqual(["320:avif", "320:png", "320:webp", "400:avif", "400:png", "400:webp"]);
  });

  it("backfills images stored before variants existed, once: a second run finds nothing", async () => {
    const bytes = await sharp(await photo(700, 350))
      .webp()
      .toBuffer();
    const id = "0e1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    await t()
      .database.db.insertInto("media")
      .values({ id, mime: "image/webp", width: 700, height: 350, bytes, original_name: "old.webp", uploaded_by: null, created_at: "2026-01-01T00:00:00.000Z" })
      .execute();
    expect(await readyWidths(id)).toBe("");
    expect(await t().app.media.backfill()).toBe(1);
    await t().app.jobs.idle(60_000);
    expect(JSON.parse(await readyWidths(id))).toEqual([320, 640, 700]);
    // Older uploads are WebP: their fallback variants are JPEG.
    expect((await variantRows(id)).filter((r) => r.width === 700).map((r) => r.format)).toEqual(["avif", "jpeg", "webp"]);
    expect(await t().app.media.backfill()).toBe(0);
    expect(await t().app.media.makeVariantsOf(id)).toBe(false);
  });
});
