import type { FastifyInstance } from "fastify";
import { mediaFile } from "./media-repository.ts";

/**
 * The raster types an upload can be stored as (uploads are turned into WebP; the others are the
 * formats an older upload may have). Never SVG or anything a browser could run as a document.
 */
const IMAGE_TYPES = new Set(["image/webp", "image/png", "image/jpeg", "image/gif", "image/avif"]);

/**
 * Uploaded images, public and immutable (their id never changes content). They are the one
 * answer readable from other origins (Cross-Origin-Resource-Policy: cross-origin): the
 * newsletter preview's sandboxed frame has an opaque origin and mail clients are other sites, and
 * both must show them. Every other header stays as for any file (nosniff, CSP, frame rules).
 */
export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>("/media/:file", { schema: { hide: true } }, async (request, reply) => {
    const match = /^([0-9a-f-]{36})\.webp$/.exec(request.params.file);
    if (!match?.[1]) return reply.status(404).send({ success: false, message: "Image not found" });
    const row = await mediaFile(app.database.db, match[1]);
    if (!row || !IMAGE_TYPES.has(row.mime)) return reply.status(404).send({ success: false, message: "Image not found" });
    return reply
      .header("content-type", row.mime)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("cross-origin-resource-policy", "cross-origin")
      .send(Buffer.from(row.bytes));
  });
}
