import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Scheduled publishing: an article whose `status` is 'scheduled' goes public at `scheduled_at`
 * (UTC ISO text, null for drafts and published articles). The index serves every server's
 * once-a-second look for due schedules and the console's "Scheduled" list, in order of moment.
 */
export function articleSchedules(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("articles").addColumn("scheduled_at", "text").execute();
      await db.schema.createIndex("articles_schedule_idx").on("articles").columns(["status", "scheduled_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("articles_schedule_idx").execute();
      await db.schema.alterTable("articles").dropColumn("scheduled_at").execute();
    },
  };
}
