import type { Insertable, Kysely } from "kysely";
import type { DB, MediaTable } from "../../db/schema.ts";

export async function insertMedia(db: Kysely<DB>, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto("media").values(row).execute();
}

export const mediaFile = (db: Kysely<DB>, id: string) => db.selectFrom("media").select(["mime", "bytes"]).where("id", "=", id).executeTakeFirst();
