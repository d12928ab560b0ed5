import type { FastifyInstance } from "fastify";
import type { VariantFormat } from "@vestin/shared/media-core";
import { mediaFile, variantFile } from "./repository.ts";
import { mediaUrl } from "./service.ts";

/**
 * The raster types an upload can be stored as (JPEG or PNG; the others are the formats an older
 * upload may have). Never SVG or anything a browser could run as a document.
 */
const IMAGE_TYPES = new Set(["image/webp", "image/png", "image/jpeg", "image/gif", "image/avif"]);

const VARIANT_FORMATS: Record<string, VariantFormat> = { avif: "avif", webp: "webp", jpg: "jpeg", png: "png" };

/** `<id>.<ext>`: the stored original; `<id>-<width>.<ext>`: one of its image variants. */
const FILE_NAME = /^([0-9a-f-]{36})(?:-(\d{2,4}))?\.(jpg|png|webp|gif|avif)$/;

/**
 * Uploaded images and their variants, public and immutable (an address never changes content:
 * a variant is written once, before any page names it), so they are cached for a year. They are
 * the one answer readable from other origins (Cross-Origin-Resource-Policy: cross-origin): the
 * newsletter preview's sandboxed frame has an opaque origin and mail clients are other sites, and
 * both must show them. Every other header stays as for any file (nosniff, CSP, frame rules).
 */
export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>("/media/:file", { schema: { hide: true } }, async (request, reply) => {
    const notFound = () => reply.status(404).send({ success: false, message: "Image not found" });
    const match = FILE_NAME.exec(request.params.file);
    const [, id, width, extension] = match ?? [];
    if (!id || !extension) return notFound();
    let row: { mime: string; bytes: Buffer } | undefined;
    if (width) {
      const format = VARIANT_FORMATS[extension];
      row = format ? await variantFile(app.database.db, id, Number(width), format) : undefined;
    } else {
      row = await mediaFile(app.database.db, id);
      // One address per image: the extension its stored type has.
      if (row && mediaUrl(id, row.mime) !== `/media/${request.params.file}`) row = undefined;
    }
    if (!row || !IMAGE_TYPES.has(row.mime)) return notFound();
    return reply
      .header("content-type", row.mime)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("cross-origin-resource-policy", "cross-origin")
      .send(Buffer.from(row.bytes));
  });
}
