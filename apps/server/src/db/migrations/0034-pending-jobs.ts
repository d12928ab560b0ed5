import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Pending jobs on PostgreSQL (lib/jobs/pg-boss-queue.ts, ADR 39): a job sent inside a
 * transaction is a row here, stored by that transaction; a relay on every server moves committed
 * rows into pg-boss's job table in batches, deleting them in the same transaction. On SQLite the
 * queue's own `jobs` table is already a plain row in the writer's transaction: nothing pending there.
 */
export function pendingJobs(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (ctx.dialect !== "postgres") return;
      await db.schema
        .createTable("pending_jobs")
        .addColumn("seq", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn("job_id", "uuid", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        // When the job may run: now, unless it was sent to run later.
        .addColumn("start_after", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn("trace_context", "text")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      if (ctx.dialect !== "postgres") return;
      await db.schema.dropTable("pending_jobs").execute();
    },
  };
}
