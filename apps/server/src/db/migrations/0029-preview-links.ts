import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Preview links: secret addresses that show a draft article, course or lesson to someone without
 * an account. Only the SHA-256 of a link's token is stored (`token_hash`, unique), never the token.
 * A link works until `expires_at`, or until it is revoked (`revoked_at`); rows are kept for the
 * console's list.
 */
export function previewLinks(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("preview_links")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("subject_kind", "text", (c) => c.notNull().check(sql`subject_kind in ('article', 'course', 'lesson')`))
        .addColumn("subject_id", "text", (c) => c.notNull())
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("preview_links_subject_idx").on("preview_links").columns(["subject_kind", "subject_id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("preview_links").execute();
    },
  };
}
