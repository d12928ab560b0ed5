import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { insertMedia } from "./media-repository.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

/**
 * Checks an uploaded image by its content (not its name or claimed type), turns it into a WebP of
 * at most 1600 px wide with metadata stripped, and stores it in the database.
 */
export async function storeImage(db: Kysely<DB>, input: { bytes: Buffer; originalName: string; uploadedBy: string | null }) {
  // sharp (libvips) loads with the first upload, not with the server.
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  try {
    format = (await sharp(input.bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest("Upload a JPEG, PNG, WebP, GIF or AVIF image.", { file: "Not a supported image" });
  const { data, info } = await sharp(input.bytes, { animated: false })
    .rotate()
    .resize({ width: 1600, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const id = newId();
  await insertMedia(db, {
    id,
    mime: "image/webp",
    width: info.width,
    height: info.height,
    bytes: data,
    original_name: input.originalName.slice(0, 200),
    uploaded_by: input.uploadedBy,
    created_at: nowIso(),
  });
  return { _id: id, url: `/media/${id}.webp`, width: info.width, height: info.height, bytes: data.length };
}

/**
 * A person's photo: checked like any upload, cropped to a square around its centre of interest
 * and stored twice as WebP, 256 px (profiles) and 64 px (bylines), metadata stripped.
 */
export async function storeSquarePhoto(db: Kysely<DB>, input: { bytes: Buffer; originalName: string; uploadedBy: string | null }) {
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  try {
    format = (await sharp(input.bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest("Upload a JPEG, PNG, WebP, GIF or AVIF image.", { file: "Not a supported image" });
  const urls: string[] = [];
  for (const size of [256, 64]) {
    const data = await sharp(input.bytes, { animated: false })
      .rotate()
      .resize({ width: size, height: size, fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    const id = newId();
    await insertMedia(db, {
      id,
      mime: "image/webp",
      width: size,
      height: size,
      bytes: data,
      original_name: input.originalName.slice(0, 200),
      uploaded_by: input.uploadedBy,
      created_at: nowIso(),
    });
    urls.push(`/media/${id}.webp`);
  }
  return { photoUrl: urls[0] ?? "", photoSmallUrl: urls[1] ?? "" };
}
