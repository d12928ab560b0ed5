import { VARIANT_EXTENSIONS, VARIANT_MIME, VARIANT_WIDTHS } from "@vestin/shared/media-core";
import { badRequest } from "../../lib/errors.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);
/** An upload is stored at most as wide as the widest image variant. */
const MAX_WIDTH = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1920;

export type PreparedImage = { mime: string; extension: string; width: number; height: number; bytes: Buffer };

/**
 * Checks an uploaded image by its content (not its name or claimed type) and turns it into the
 * stored original: upright, metadata stripped, at most MAX_WIDTH wide, as a JPEG (or a PNG when
 * it was one, or has transparency): the fallback every browser shows.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  // sharp (libvips) loads with the first upload, not with the server.
  const { default: sharp } = await import("sharp");
  let meta: { format?: string; hasAlpha?: boolean } = {};
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    meta = {};
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw badRequest("Upload a JPEG, PNG, WebP, GIF or AVIF image.", { file: "Not a supported image" });
  const format = meta.format === "png" || (meta.format !== "jpeg" && meta.hasAlpha) ? "png" : "jpeg";
  const pipeline = sharp(bytes, { animated: false }).rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true });
  const encoded = format === "png" ? pipeline.png({ compressionLevel: 9 }) : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { mime: VARIANT_MIME[format], extension: VARIANT_EXTENSIONS[format], width: info.width, height: info.height, bytes: data };
}
