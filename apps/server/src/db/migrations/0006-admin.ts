import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The admin console's own tables: an audit log of every admin write, and uploaded images kept in
 * the database (so every server behind one address can serve them).
 */
export function admin({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("audit_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_type", "text", (c) => c.notNull())
        .addColumn("target_id", "text")
        .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();

      await db.schema
        .createTable("media")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("original_name", "text", (c) => c.notNull())
        .addColumn("uploaded_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("media").execute();
      await db.schema.dropTable("audit_log").execute();
    },
  };
}
