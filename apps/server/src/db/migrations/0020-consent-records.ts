import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Consent records: every acceptance of the terms and the privacy policy (sign-up,
 * Google sign-up), the contact form's communications consent and a signed-in person's cookie
 * choices, with the document and wording versions, the form and page, the IP as a keyed hash and
 * the time. Keyed by the address's hash, like `newsletter_consents`, so a withdrawal can outlive
 * an erased address; `user_id` is set when an account made the choice.
 */
export function consentRecords(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("consent_records")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("email_hash", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) =>
          c.notNull().check(sql`kind in ('terms', 'privacy', 'contact-communications', 'cookies-analytics', 'cookies-marketing')`),
        )
        .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('given', 'withdrawn')`))
        .addColumn("document_version", "text")
        .addColumn("wording_version", "text")
        .addColumn("wording", "text")
        .addColumn("source_form", "text", (c) => c.notNull())
        .addColumn("source_page", "text")
        .addColumn("ip_hash", "text")
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("consent_records_email_idx").on("consent_records").columns(["email_hash", "at"]).execute();
      await db.schema.createIndex("consent_records_user_idx").on("consent_records").columns(["user_id", "kind", "at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("consent_records").execute();
    },
  };
}
