import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** When the last digest of this kind went out, if one did. */
export const lastDigestOf = (db: Kysely<DB>, type: string) =>
  db.selectFrom("notification_digests").select("last_sent_at").where("event_type", "=", type).executeTakeFirst();

export async function recordDigestSent(db: Kysely<DB>, type: string, at: string): Promise<void> {
  await db
    .insertInto("notification_digests")
    .values({ event_type: type, last_sent_at: at })
    .onConflict((oc) => oc.column("event_type").doUpdateSet({ last_sent_at: at }))
    .execute();
}
