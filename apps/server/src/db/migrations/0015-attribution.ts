import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/** Every table a lead or an account is stored in: each keeps where its person first came from. */
export const ATTRIBUTED_TABLES = ["contacts", "partner_applications", "presale_registrations", "testnet_signups", "pioneer_users", "users"] as const;

const COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "ref", "referrer_host"] as const;

/**
 * Campaign attribution: the first visit's UTM parameters, referral code and external
 * referrer host on every lead table and on users, all nullable text (rows made before, and
 * visitors who gave no analytics consent, have none). The (utm_source, created_at) index serves
 * the inbox's source filter and the Sources page's per-source counts over a date range.
 */
export function attribution(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ATTRIBUTED_TABLES) {
        for (const column of COLUMNS) await db.schema.alterTable(table).addColumn(column, "text").execute();
        await db.schema.createIndex(`${table}_utm_source_idx`).on(table).columns(["utm_source", "created_at"]).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ATTRIBUTED_TABLES) {
        await db.schema.dropIndex(`${table}_utm_source_idx`).execute();
        for (const column of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
      }
    },
  };
}
