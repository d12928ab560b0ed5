import { sql, type Kysely } from "kysely";
import { CHANGE_CHANNEL } from "../change-feed.ts";
import type { MigrationContext } from "./index.ts";

/**
 * PostgreSQL only: every insert, update or delete on a watched table (db/change-feed.ts) sends
 * its rows' keys on the vestin_changes channel, from inside the writing transaction, so every
 * server hears of it when it commits and not before. One notice per row, or one "table:*" notice
 * for a statement that touches more than 100 rows (an import, a purge). SQLite needs nothing
 * stored: each connection watches through temporary triggers of its own.
 */
const BULK_ROWS = 100;
const EVENTS = ["insert", "update", "delete"] as const;

function keyExpression(spec: string): string {
  return spec
    .split("|")
    .map((column) => `${column}::text`)
    .join(" || '|' || ");
}

const functionName = (table: string) => `vestin_notify_${table}_changes`;

/** The tables this migration watches, with their keys; later migrations watch more (`watchTables`). */
const FIRST_WATCHED = { sessions: "id", users: "id", enrollments: "user_id|course_id", lesson_completions: "user_id|course_id" };

/** Installs the notice triggers of `tables` (name → key columns, as in db/change-feed.ts). */
export async function watchTables(db: Kysely<unknown>, tables: Record<string, string>): Promise<void> {
  for (const [table, spec] of Object.entries(tables)) {
    await sql
      .raw(
        `create or replace function ${functionName(table)}() returns trigger language plpgsql as $$
             begin
               if (select count(*) from changed_rows) > ${BULK_ROWS} then
                 perform pg_notify('${CHANGE_CHANNEL}', '${table}:*');
               else
                 perform pg_notify('${CHANGE_CHANNEL}', '${table}:' || ${keyExpression(spec)}) from changed_rows;
               end if;
               return null;
             end $$`,
      )
      .execute(db);
    for (const event of EVENTS) {
      // Keys never change on update, so the rows as they were name them.
      const rows = event === "insert" ? "new" : "old";
      await sql
        .raw(
          `create trigger vestin_watch_${table}_${event} after ${event} on ${table} ` +
            `referencing ${rows} table as changed_rows for each statement execute function ${functionName(table)}()`,
        )
        .execute(db);
    }
  }
}

/** Removes the notice triggers of `tables`. */
export async function unwatchTables(db: Kysely<unknown>, tables: Record<string, string>): Promise<void> {
  for (const table of Object.keys(tables)) {
    for (const event of EVENTS) await sql.raw(`drop trigger if exists vestin_watch_${table}_${event} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${functionName(table)}()`).execute(db);
  }
}

export function changeNotices(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (ctx.dialect === "postgres") await watchTables(db, FIRST_WATCHED);
    },
    async down(db: Kysely<unknown>) {
      if (ctx.dialect === "postgres") await unwatchTables(db, FIRST_WATCHED);
    },
  };
}
