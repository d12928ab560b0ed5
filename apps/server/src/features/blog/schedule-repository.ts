import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The schedule's SQL on the articles table: every change of state is one conditional UPDATE. */
export function scheduleRepository(db: Kysely<DB>) {
  return {
    /** Schedules (or moves) any article not yet published; undefined when it is published or gone. */
    schedule: (id: string, moment: string, now: string, trx: Kysely<DB>) =>
      trx
        .updateTable("articles")
        // The console's lists order by published_at: a scheduled article sits at its moment.
        .set({ status: "scheduled", scheduled_at: moment, published_at: moment, updated_at: now })
        .where("id", "=", id)
        .where("status", "!=", "published")
        .returningAll()
        .executeTakeFirst(),

    /** Back to draft, only while it is still scheduled. */
    cancel: (id: string, now: string, trx: Kysely<DB>) =>
      trx
        .updateTable("articles")
        .set({ status: "draft", scheduled_at: null, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "scheduled")
        .returningAll()
        .executeTakeFirst(),

    /**
     * Publishes the article only if it is still scheduled for exactly `moment`: of two servers, or
     * a job run twice, one UPDATE matches and the other finds nothing (PostgreSQL re-checks the
     * row after the first commits; SQLite has one writer). A moved or cancelled schedule no
     * longer matches an old moment.
     */
    publishIfDue: (id: string, moment: string, publishedAt: string, now: string, trx: Kysely<DB>) =>
      trx
        .updateTable("articles")
        .set({ status: "published", published_at: publishedAt, scheduled_at: null, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "scheduled")
        .where("scheduled_at", "=", moment)
        .where("scheduled_at", "<=", now)
        .returningAll()
        .executeTakeFirst(),

    /** The next scheduled articles, soonest first (read from the (status, scheduled_at) index). */
    upcoming: (limit: number) =>
      db.selectFrom("articles").select(["id", "scheduled_at"]).where("status", "=", "scheduled").orderBy("scheduled_at").orderBy("id").limit(limit).execute(),
  };
}
