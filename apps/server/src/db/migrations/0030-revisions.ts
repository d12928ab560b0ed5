import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Revisions: every save of an article or a lesson keeps a numbered copy of its editable fields
 * (`snapshot`, JSON), with the account that saved it. Numbers count from 1 per subject and never
 * repeat (unique). Existing content gets its first revision on its first save after this
 * migration. `lessons.content_updated_at` is when a lesson's title or text last changed (null:
 * not since this migration), which learners who completed it earlier see as "Updated".
 */
export function revisions(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_revisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("subject_kind", "text", (c) => c.notNull().check(sql`subject_kind in ('article', 'lesson')`))
        .addColumn("subject_id", "text", (c) => c.notNull())
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("snapshot", "text", (c) => c.notNull())
        .addColumn("author_id", "text")
        // "Restored from #N": the revision whose content this one brought back.
        .addColumn("restored_from", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("content_revisions_subject_number_key", ["subject_kind", "subject_id", "number"])
        .execute();
      await db.schema.alterTable("lessons").addColumn("content_updated_at", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("lessons").dropColumn("content_updated_at").execute();
      await db.schema.dropTable("content_revisions").execute();
    },
  };
}
