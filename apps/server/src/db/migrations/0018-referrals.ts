import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/*
 * The two functions below are copies of features/leads/referral-codes.ts as it stood when this
 * migration was written, frozen here on purpose: a migration is history and must fill the columns
 * the same way whatever the feature's code later becomes (and db/ imports no feature).
 */

/** 10 characters of a-z and 2-7 (50 bits): short enough to share, too many to guess. */
function newReferralCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return [...randomBytes(10)].map((b) => alphabet[b % 32]).join("");
}

/** The mailbox behind an address: lower-cased, without +tag, and without dots at Gmail. */
function emailKey(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  const base = local.split("+")[0] ?? "";
  return `${gmail ? base.replace(/\./g, "") : base}@${gmail ? "gmail.com" : domain}`;
}

/**
 * Referrals on the presale whitelist and the testnet waitlist. Each entry gets a personal
 * `referral_code`. `referred_by` names the entry whose link brought it; `referral_counted_at` is
 * set when its e-mail is confirmed and it counts; `referral_boost` is the number of such referrals,
 * each moving the entry up (features/leads/referrals.ts). `email_key` is the address with its +tag
 * (and Gmail's dots) removed, so one mailbox counts once.
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
