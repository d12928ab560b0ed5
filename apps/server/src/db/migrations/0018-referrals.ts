import { sql, type Kysely } from "kysely";
import { emailKey, newReferralCode } from "../../features/leads/referral-codes.ts";
import type { MigrationContext } from "./index.ts";

/**
 * Referrals (issue #20) on the presale whitelist and the testnet waitlist. Each entry gets a
 * personal `referral_code`. `referred_by` names the entry whose link brought it; `referral_counted_at` is set when
 * its e-mail is confirmed and it counts; `referral_boost` is the number of such referrals, each
 * moving the entry up (features/leads/referrals.ts). `email_key` is the address with its
 * +tag (and Gmail's dots) removed, so one mailbox counts once.
 */
export const REFERRAL_TABLES = ["presale_registrations", "testnet_signups"] as const;

export function referrals(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of REFERRAL_TABLES) {
        for (const column of ["referral_code", "referred_by", "email_key", "referral_counted_at"]) {
          await db.schema.alterTable(table).addColumn(column, "text").execute();
        }
        await db.schema
          .alterTable(table)
          .addColumn("referral_boost", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        const rows = await sql<{ id: string; email: string }>`select id, email from ${sql.table(table)}`.execute(db);
        for (const row of rows.rows) {
          await sql`update ${sql.table(table)} set referral_code = ${newReferralCode()}, email_key = ${emailKey(row.email)} where id = ${row.id}`.execute(db);
        }
        await db.schema.createIndex(`${table}_referral_code_idx`).on(table).column("referral_code").unique().execute();
        await db.schema.createIndex(`${table}_referred_by_idx`).on(table).column("referred_by").execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of REFERRAL_TABLES) {
        await db.schema.dropIndex(`${table}_referred_by_idx`).execute();
        await db.schema.dropIndex(`${table}_referral_code_idx`).execute();
        for (const column of ["referral_boost", "referral_counted_at", "email_key", "referred_by", "referral_code"]) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
    },
  };
}
