import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Signed webhooks (ADR 12). `webhook_endpoints`: where events go, which events, in
 * which format, and the signing secret encrypted with a key derived from JWT_SECRET
 * (AES-256-GCM). `webhook_deliveries`: one row per event and endpoint, with its attempts; a
 * partial unique index keeps a repeated fan-out of one event from doubling a delivery, while an
 * admin's resend (resend_of set) is a row of its own.
 */
export function webhooks(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("webhook_endpoints")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("events", "text", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull().defaultTo("json").check(sql`format in ('json', 'slack')`))
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("active").check(sql`status in ('active', 'failing', 'disabled')`))
        .addColumn("failing_since", "text")
        .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("webhook_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
        .addColumn("event_id", "text", (c) => c.notNull())
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("lead_id", "text")
        .addColumn("occurred_at", "text", (c) => c.notNull())
        .addColumn("resend_of", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'delivered', 'retrying', 'failed', 'skipped')`))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("response_code", "integer")
        .addColumn("error", "text")
        .addColumn("next_retry_at", "text")
        .addColumn("first_attempt_at", "text")
        .addColumn("last_attempt_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("delivered_at", "text")
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_event_once")
        .on("webhook_deliveries")
        .columns(["endpoint_id", "event_id"])
        .unique()
        .where(sql.ref("resend_of"), "is", null)
        .execute();
      await db.schema.createIndex("webhook_deliveries_log_idx").on("webhook_deliveries").columns(["endpoint_id", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("webhook_deliveries").execute();
      await db.schema.dropTable("webhook_endpoints").execute();
    },
  };
}
