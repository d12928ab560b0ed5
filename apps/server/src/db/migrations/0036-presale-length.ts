import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The presale list's length, kept by the database as registrations are stored and erased: a new
 * registration's place reads it instead of counting the entries (features/leads/referrals.ts).
 *
 * The length is split over LENGTH_SLOTS rows, and the list's length is their sum. A row is held by
 * the transaction that changed it until that transaction ends; on PostgreSQL each transaction
 * changes the slot of its own transaction id, so registrations under way together (whose ids are
 * near each other) seldom wait for one another, and a transaction never holds two slots. Any
 * snapshot sees the slots and the entries of the same transactions, so the sum equals the list's
 * count in every snapshot. SQLite has one writer: every change goes to slot 0.
 */
const LENGTH_SLOTS = 128;

export function presaleLength(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("presale_length_slots")
        .addColumn("slot", "integer", (c) => c.primaryKey())
        .addColumn("entries", "integer", (c) => c.notNull())
        .execute();
      const slots = Array.from({ length: LENGTH_SLOTS }, (_, slot) => ({ slot, entries: 0 }));
      await (db as Kysely<{ presale_length_slots: { slot: number; entries: number } }>).insertInto("presale_length_slots").values(slots).execute();
      if (ctx.dialect === "postgres") {
        // One update per statement (an import or a purge of many rows changes one slot once), the
        // slot of the transaction's own id; a TRUNCATE empties every slot.
        await sql
          .raw(
            `create function vestin_presale_length() returns trigger language plpgsql as $$
               begin
                 if tg_op = 'TRUNCATE' then
                   update presale_length_slots set entries = 0;
                 else
                   update presale_length_slots
                     set entries = entries + (case tg_op when 'INSERT' then 1 else -1 end) * (select count(*) from changed_rows)
                     where slot = pg_current_xact_id()::text::bigint % ${LENGTH_SLOTS};
                 end if;
                 return null;
               end $$`,
          )
          .execute(db);
        for (const [event, rows] of [
          ["insert", "referencing new table as changed_rows"],
          ["delete", "referencing old table as changed_rows"],
          ["truncate", ""],
        ] as const) {
          await sql
            .raw(
              `create trigger vestin_presale_length_${event} after ${event} on presale_registrations ${rows} for each statement execute function vestin_presale_length()`,
            )
            .execute(db);
        }
      } else {
        for (const [event, change] of [
          ["insert", "+ 1"],
          ["delete", "- 1"],
        ] as const) {
          await sql
            .raw(
              `create trigger presale_length_${event} after ${event} on presale_registrations begin update presale_length_slots set entries = entries ${change} where slot = 0; end`,
            )
            .execute(db);
        }
      }
      // Counted after the triggers exist: on PostgreSQL creating them locked the table against
      // writers until this migration's transaction commits, so an entry stored by a server still
      // running the previous release is either counted here or changes a slot itself, never both
      // or neither. (SQLite's single server migrates before it serves.)
      await sql`update presale_length_slots set entries = (select count(*) from presale_registrations) where slot = 0`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (ctx.dialect === "postgres") {
        for (const event of ["insert", "delete", "truncate"])
          await sql.raw(`drop trigger if exists vestin_presale_length_${event} on presale_registrations`).execute(db);
        await sql`drop function if exists vestin_presale_length()`.execute(db);
      } else {
        for (const event of ["insert", "delete"]) await sql.raw(`drop trigger if exists presale_length_${event}`).execute(db);
      }
      await db.schema.dropTable("presale_length_slots").execute();
    },
  };
}
