import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The trace context a job was sent in (its W3C traceparent, as JSON), so the job's run joins the
 * trace of the request that caused it (ADR 28). Only the SQLite queue's `jobs` table: on
 * PostgreSQL pg-boss keeps the same thing in its own `trace_context` column.
 */
export function jobTraceContext(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (ctx.dialect !== "sqlite") return;
      await db.schema.alterTable("jobs").addColumn("trace_context", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      if (ctx.dialect !== "sqlite") return;
      await db.schema.alterTable("jobs").dropColumn("trace_context").execute();
    },
  };
}
