import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/** The lead tables whose people confirm their e-mail address (presale, waitlist, airdrop claim). */
const CONFIRMED_TABLES = ["presale_registrations", "testnet_signups", "pioneer_users"] as const;

/**
 * The form guard and verified leads: spent form tokens (a nonce is accepted once,
 * whichever server sees it; rows past their expiry are deleted), e-mailed confirmation links
 * (stored as hashes), the per-address log that keeps confirmation e-mails to one an hour, and a
 * verified_at on the leads that get a confirmation link. Existing leads stay unverified.
 */
export function formGuard(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("form_token_uses")
        .addColumn("nonce", "text", (c) => c.primaryKey())
        .addColumn("form", "text", (c) => c.notNull())
        .addColumn("used_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("form_token_uses_expires_idx").on("form_token_uses").column("expires_at").execute();

      await db.schema
        .createTable("lead_confirmations")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("lead_confirmations_email_idx").on("lead_confirmations").columns(["email", "created_at"]).execute();
      await db.schema.createIndex("lead_confirmations_expires_idx").on("lead_confirmations").column("expires_at").execute();

      await db.schema
        .createTable("confirmation_mail_log")
        .addColumn("email", "text", (c) => c.primaryKey())
        .addColumn("last_sent_at", "text", (c) => c.notNull())
        .execute();

      for (const table of CONFIRMED_TABLES) {
        await db.schema.alterTable(table).addColumn("verified_at", "text").execute();
        // The inbox's verified filter and the purge of old unverified leads.
        await db.schema.createIndex(`${table}_verified_idx`).on(table).columns(["verified_at", "created_at"]).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of CONFIRMED_TABLES) {
        await db.schema.dropIndex(`${table}_verified_idx`).execute();
        await db.schema.alterTable(table).dropColumn("verified_at").execute();
      }
      for (const table of ["confirmation_mail_log", "lead_confirmations", "form_token_uses"]) await db.schema.dropTable(table).execute();
    },
  };
}
