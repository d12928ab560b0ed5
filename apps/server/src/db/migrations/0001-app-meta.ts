import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/** Small key/value facts about the installation itself (seed versions, one-time markers). */
export function appMeta(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("app_meta")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("app_meta").execute();
    },
  };
}
