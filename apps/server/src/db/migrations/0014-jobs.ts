import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The job queue of the embedded SQLite database (lib/jobs/sqlite-queue.ts, ADR 11). On
 * PostgreSQL, pg-boss keeps its own tables in the `pgboss` schema and creates them itself.
 */
export function jobs(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (ctx.dialect !== "sqlite") return;
      await db.schema
        .createTable("jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("singleton_key", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("locked_until", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("completed_at", "text")
        .execute();
      await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["state", "run_after"]).execute();
    },
    async down(db: Kysely<unknown>) {
      if (ctx.dialect !== "sqlite") return;
      await db.schema.dropTable("jobs").execute();
    },
  };
}
