import type { Kysely, Selectable } from "kysely";
import type { DB, PreviewLinksTable } from "../../db/schema.ts";

export type PreviewLinkRow = Selectable<PreviewLinksTable>;

/** The preview links table: the only SQL of the previews feature. */
export function previewsRepository(db: Kysely<DB>) {
  return {
    insert: (row: PreviewLinkRow, trx: Kysely<DB> = db) => trx.insertInto("preview_links").values(row).execute(),

    /** The link whose token hashes to `tokenHash`, whatever its state. */
    byTokenHash: (tokenHash: string) => db.selectFrom("preview_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst(),

    byId: (id: string) => db.selectFrom("preview_links").selectAll().where("id", "=", id).executeTakeFirst(),

    /** A subject's links, newest first. */
    ofSubject: (kind: PreviewLinkRow["subject_kind"], subjectId: string) =>
      db
        .selectFrom("preview_links")
        .selectAll()
        .where("subject_kind", "=", kind)
        .where("subject_id", "=", subjectId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(200)
        .execute(),

    /** Marks a link revoked (once: a revoked link keeps its first time); the row as it is now. */
    async revoke(id: string, at: string, trx: Kysely<DB>) {
      await trx.updateTable("preview_links").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null).execute();
      return trx.selectFrom("preview_links").selectAll().where("id", "=", id).executeTakeFirst();
    },
  };
}
