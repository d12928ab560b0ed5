import { fallbackFormatOf, mediaIdOf, type ImageVariants } from "@vestin/shared/media-core";
import type { Database } from "../../db/database.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import { idsAwaitingVariants, imageSizes, insertMedia, originalAwaitingVariants, storeVariants } from "./repository.ts";
import { prepareImage } from "./upload.ts";
import { makeVariants, variantWidthsFor } from "./variants.ts";

/** Makes one uploaded image's variants. */
export const VARIANTS_JOB = "media.variants";
/** Finds stored images without variants (older uploads) and sends a variants job for each. */
export const BACKFILL_JOB = "media.backfill";

const EXTENSION_OF: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif", "image/avif": "avif" };

/** The address of an uploaded image (its stored original). */
export const mediaUrl = (id: string, mime: string) => `/media/${id}.${EXTENSION_OF[mime] ?? "webp"}`;

function parseWidths(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((w): w is number => typeof w === "number") : [];
  } catch {
    return [];
  }
}

export function createMediaService({ database, jobs }: { database: Database; jobs: JobQueue }) {
  const db = database.db;

  /** Makes and stores the variants of one image; a no-op once they exist (a job may run twice). */
  async function makeVariantsOf(id: string): Promise<boolean> {
    const original = await originalAwaitingVariants(db, id);
    if (!original) return false;
    const fallback = fallbackFormatOf(mediaUrl(id, original.mime));
    const made = await makeVariants(Buffer.from(original.bytes), original.width, fallback);
    await storeVariants(db, id, made, variantWidthsFor(original.width));
    return true;
  }

  /** Sends a variants job for each image still without variants; answers how many. */
  async function backfill(): Promise<number> {
    const ids = await idsAwaitingVariants(db, 10_000);
    for (const id of ids) await jobs.send(VARIANTS_JOB, { id });
    return ids.length;
  }

  jobs.define<{ id: string }>(VARIANTS_JOB, async ({ id }) => {
    await makeVariantsOf(id);
  });
  jobs.define(
    BACKFILL_JOB,
    async () => {
      await backfill();
    },
    { singleton: true },
  );

  return {
    /**
     * Stores an upload's original and, in the same transaction, the job that makes its variants:
     * the answer does not wait for them (a few seconds of encoding), and pages show the original
     * until the job lists them as ready.
     */
    async store(input: { bytes: Buffer; originalName: string; uploadedBy: string | null }) {
      const image = await prepareImage(input.bytes);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await insertMedia(trx, {
          id,
          mime: image.mime,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          original_name: input.originalName.slice(0, 200),
          uploaded_by: input.uploadedBy,
          created_at: nowIso(),
        });
        await jobs.send(VARIANTS_JOB, { id }, { trx });
      });
      return { _id: id, url: mediaUrl(id, image.mime), width: image.width, height: image.height, bytes: image.bytes.length };
    },

    /**
     * A person's photo: checked like any upload, cropped to a square around its centre of interest
     * and stored twice as WebP, 256 px (profiles) and 64 px (bylines), metadata stripped. Both
     * sizes are what pages show, so they need no image variants.
     */
    async storeSquarePhoto(input: { bytes: Buffer; originalName: string; uploadedBy: string | null }) {
      const checked = await prepareImage(input.bytes);
      const { default: sharp } = await import("sharp");
      const urls: string[] = [];
      await db.transaction().execute(async (trx) => {
        for (const size of [256, 64]) {
          const data = await sharp(checked.bytes).resize({ width: size, height: size, fit: "cover", position: "attention" }).webp({ quality: 82 }).toBuffer();
          const id = newId();
          await insertMedia(trx, {
            id,
            mime: "image/webp",
            width: size,
            height: size,
            bytes: data,
            original_name: input.originalName.slice(0, 200),
            uploaded_by: input.uploadedBy,
            created_at: nowIso(),
          });
          urls.push(mediaUrl(id, "image/webp"));
        }
      });
      return { photoUrl: urls[0] ?? "", photoSmallUrl: urls[1] ?? "" };
    },

    makeVariantsOf,
    backfill,

    /** Start-up: one backfill job (a singleton), so images stored before variants existed get them. */
    async scheduleBackfill(): Promise<void> {
      await jobs.send(BACKFILL_JOB, {}, { singletonKey: BACKFILL_JOB });
    },

    /** Size and ready variant widths of each uploaded image among these addresses (others are left out). */
    async variantsOf(srcs: Iterable<string>): Promise<Map<string, ImageVariants>> {
      const bySrc = new Map<string, string>();
      for (const src of srcs) {
        const id = mediaIdOf(src);
        if (id) bySrc.set(src, id);
      }
      const rows = await imageSizes(db, [...new Set(bySrc.values())]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const found = new Map<string, ImageVariants>();
      for (const [src, id] of bySrc) {
        const row = byId.get(id);
        if (row && mediaUrl(id, row.mime) === src)
          found.set(src, { width: Number(row.width), height: Number(row.height), widths: parseWidths(row.variant_widths) });
      }
      return found;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
