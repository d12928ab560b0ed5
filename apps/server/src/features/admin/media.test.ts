import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { storeImage } from "./media.ts";

const SITE = "https://media.vestin.test";

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
      return storeImage(t().database.db, { bytes: png, originalName: "harbour.png", uploadedBy: null });
    };

    it("serves an uploaded image readable from any origin, still as a WebP image that is never sniffed nor framed", async () => {
      const image = await upload();
      const res = await t().app.inject({ method: "GET", url: image.url, headers: { origin: "null", "sec-fetch-site": "cross-site" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect((await sharp(res.rawPayload).metadata()).format).toBe("webp");

      // A revalidation answers 304 with the same policy: a cached copy stays usable in the frame.
      const again = await t().app.inject({ method: "GET", url: image.url, headers: { "if-none-match": String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    });

    it("loosens nothing else: missing media, pages, files and the API stay same-origin", async () => {
      for (const url of ["/media/00000000-0000-0000-0000-000000000000.webp", "/media/not-an-id.webp", "/media/x.svg", "/", "/api/v1/health"]) {
        const res = await t().app.inject({ method: "GET", url });
        expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      }
    });

    it("never serves a stored file that is not a raster image, whatever its row says", async () => {
      const image = await upload();
      await t().database.db.updateTable("media").set({ mime: "image/svg+xml" }).where("id", "=", image._id).execute();
      const res = await t().app.inject({ method: "GET", url: image.url });
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
