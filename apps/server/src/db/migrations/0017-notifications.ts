import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Team notifications: presale and waitlist leads reach the team in hourly digests.
 * `notified_at` marks the leads a digest has told of, so each lead is in exactly one digest;
 * leads stored before this migration count as told (the first digest is not the whole list).
 * `notification_digests` keeps when each kind of digest was last sent (at most one an hour).
 */
export function notifications(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ["presale_registrations", "testnet_signups"]) {
        await db.schema.alterTable(table).addColumn("notified_at", "text").execute();
        await sql`update ${sql.table(table)} set notified_at = created_at`.execute(db);
        await db.schema.createIndex(`${table}_unnotified_idx`).on(table).column("created_at").where(sql.ref("notified_at"), "is", null).execute();
      }
      await db.schema
        .createTable("notification_digests")
        .addColumn("event_type", "text", (c) => c.primaryKey())
        .addColumn("last_sent_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("notification_digests").execute();
      for (const table of ["presale_registrations", "testnet_signups"]) {
        await db.schema.dropIndex(`${table}_unnotified_idx`).execute();
        await db.schema.alterTable(table).dropColumn("notified_at").execute();
      }
    },
  };
}
