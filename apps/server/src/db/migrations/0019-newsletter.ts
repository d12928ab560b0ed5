import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The newsletter (ADR 13).
 * - `newsletter_subscribers`: one row per address: pending until the e-mailed link is opened,
 *   confirmed, or unsubscribed; the confirmation link's hash and when its last e-mail left (one an hour).
 * - `newsletter_consents`: every consent given, confirmed or withdrawn, with the wording shown,
 *   the source (form and page) and the IP hashed. Keyed by the address's hash, so that a record
 *   that consent was withdrawn can outlive an erased address.
 * - `newsletter_campaigns`: an article or a Markdown message, its schedule and its counts. A
 *   campaign sent automatically on publish carries the article in `auto_article_id`, which is
 *   unique: an article is never sent twice that way.
 * - `newsletter_deliveries`: the recipients a campaign took when it started, one row each, marked
 *   sent once the SMTP server accepted the message: a restarted campaign sends only what is left.
 * - `articles.send_to_subscribers`: the per-article switch for sending on publish.
 */
export function newsletter(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("newsletter_subscribers")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("source_page", "text")
        .addColumn("confirm_token_hash", "text")
        .addColumn("confirm_expires_at", "text")
        .addColumn("confirm_mail_sent_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "text")
        .addColumn("unsubscribed_at", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("newsletter_subscribers_token_idx").on("newsletter_subscribers").column("confirm_token_hash").execute();
      await db.schema.createIndex("newsletter_subscribers_status_idx").on("newsletter_subscribers").columns(["status", "created_at"]).execute();

      await db.schema
        .createTable("newsletter_consents")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email_hash", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('given', 'confirmed', 'withdrawn')`))
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("source_page", "text")
        .addColumn("wording_version", "text")
        .addColumn("wording", "text")
        .addColumn("ip_hash", "text")
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("newsletter_consents_email_idx").on("newsletter_consents").columns(["email_hash", "at"]).execute();

      await db.schema
        .createTable("newsletter_campaigns")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('article', 'markdown')`))
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("article_id", "text", (c) => c.references("articles.id").onDelete("set null"))
        .addColumn("article_content", "text", (c) => c.notNull().defaultTo("excerpt").check(sql`article_content in ('excerpt', 'full')`))
        .addColumn("auto_article_id", "text", (c) => c.unique())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`))
        .addColumn("scheduled_at", "text")
        .addColumn("started_at", "text")
        .addColumn("finished_at", "text")
        .addColumn("lease_until", "text")
        .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sent", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("newsletter_campaigns_list_idx").on("newsletter_campaigns").column("created_at").execute();

      await db.schema
        .createTable("newsletter_deliveries")
        .addColumn("campaign_id", "text", (c) => c.notNull().references("newsletter_campaigns.id").onDelete("cascade"))
        .addColumn("subscriber_id", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("queued").check(sql`status in ('queued', 'sent', 'failed', 'skipped')`))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("error", "text")
        .addColumn("sent_at", "text")
        .addPrimaryKeyConstraint("newsletter_deliveries_pk", ["campaign_id", "subscriber_id"])
        .execute();
      await db.schema.createIndex("newsletter_deliveries_queue_idx").on("newsletter_deliveries").columns(["campaign_id", "status"]).execute();

      await db.schema
        .alterTable("articles")
        .addColumn("send_to_subscribers", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("articles").dropColumn("send_to_subscribers").execute();
      await db.schema.dropTable("newsletter_deliveries").execute();
      await db.schema.dropTable("newsletter_campaigns").execute();
      await db.schema.dropTable("newsletter_consents").execute();
      await db.schema.dropTable("newsletter_subscribers").execute();
    },
  };
}
