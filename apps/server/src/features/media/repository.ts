import type { Insertable, Kysely } from "kysely";
import type { DB, MediaTable, MediaVariantsTable } from "../../db/schema.ts";

export async function insertMedia(db: Kysely<DB>, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto("media").values(row).execute();
}

export const mediaFile = (db: Kysely<DB>, id: string) => db.selectFrom("media").select(["mime", "bytes"]).where("id", "=", id).executeTakeFirst();

export const variantFile = (db: Kysely<DB>, id: string, width: number, format: MediaVariantsTable["format"]) =>
  db
    .selectFrom("media_variants")
    .select(["mime", "bytes"])
    .where("media_id", "=", id)
    .where("width", "=", width)
    .where("format", "=", format)
    .executeTakeFirst();

/** The original of an image whose variants are still to be made (undefined once they are, or when it is gone). */
export const originalAwaitingVariants = (db: Kysely<DB>, id: string) =>
  db.selectFrom("media").select(["id", "mime", "width", "bytes"]).where("id", "=", id).where("variant_widths", "=", "").executeTakeFirst();

/** Ids of images without variants, oldest first. */
export async function idsAwaitingVariants(db: Kysely<DB>, limit: number): Promise<string[]> {
  const rows = await db.selectFrom("media").select("id").where("variant_widths", "=", "").orderBy("created_at").orderBy("id").limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Stores an image's variants and lists their widths as ready, in one transaction (a rerun replaces them). */
export async function storeVariants(db: Kysely<DB>, id: string, variants: Omit<Insertable<MediaVariantsTable>, "media_id">[], widths: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("media_variants").where("media_id", "=", id).execute();
    for (const v of variants)
      await trx
        .insertInto("media_variants")
        .values({ ...v, media_id: id })
        .execute();
    await trx
      .updateTable("media")
      .set({ variant_widths: JSON.stringify(widths) })
      .where("id", "=", id)
      .execute();
  });
}

/** Size and ready variant widths of these images. */
export async function imageSizes(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("media").select(["id", "mime", "width", "height", "variant_widths"]).where("id", "in", ids).execute();
}
