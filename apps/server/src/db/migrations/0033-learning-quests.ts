import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Learn-and-earn (ADR 36): quests of a sprint, the grants the server makes for them, the wallet an
 * account links to earn, and a sprint's grant settings. One grant per quest per account and per
 * wallet (unique indexes; a withheld grant has no wallet, and NULLs never clash). A quest's
 * `granted_count` is what its cap is checked against, raised by a conditional update in the
 * grant's transaction, so two passes racing for the last slot cannot both get it.
 */
export function learningQuests(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("learn_earn_quests")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("sprint_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('assessment_pass', 'track_complete', 'placement_pass', 'learning_streak')`))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("xp", "integer")
        // JSON [{ minScore, xp }], highest minScore first (assessment quests).
        .addColumn("bands", "text")
        .addColumn("course_id", "text")
        .addColumn("track_id", "text")
        .addColumn("streak_days", "integer")
        .addColumn("starts_at", "text", (c) => c.notNull())
        .addColumn("ends_at", "text", (c) => c.notNull())
        .addColumn("cap", "integer")
        .addColumn("granted_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("learn_earn_quests_sprint_idx").on("learn_earn_quests").columns(["sprint_id", "kind"]).execute();

      await db.schema
        .createTable("learn_earn_grants")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("quest_id", "text", (c) => c.notNull().references("learn_earn_quests.id"))
        .addColumn("sprint_id", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("wallet_address", "text")
        .addColumn("xp", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('granted', 'withheld', 'revoked')`))
        // withheld: the reason's key; revoked: the administrator's sentence.
        .addColumn("reason", "text")
        .addColumn("event_at", "text", (c) => c.notNull())
        .addColumn("attempt_id", "text")
        .addColumn("score", "integer")
        .addColumn("duration_seconds", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .addColumn("revoked_by", "text")
        .execute();
      await db.schema.createIndex("learn_earn_grants_quest_user_key").on("learn_earn_grants").columns(["quest_id", "user_id"]).unique().execute();
      await db.schema.createIndex("learn_earn_grants_quest_wallet_key").on("learn_earn_grants").columns(["quest_id", "wallet_address"]).unique().execute();
      await db.schema.createIndex("learn_earn_grants_sprint_wallet_idx").on("learn_earn_grants").columns(["sprint_id", "wallet_address"]).execute();
      await db.schema.createIndex("learn_earn_grants_user_idx").on("learn_earn_grants").column("user_id").execute();

      await db.schema
        .createTable("account_wallets")
        .addColumn("user_id", "text", (c) => c.primaryKey())
        .addColumn("address", "text", (c) => c.notNull().unique())
        .addColumn("linked_at", "text", (c) => c.notNull())
        // The /24 (IPv4) or /48 (IPv6) network the link was signed from: what the sybil review compares.
        .addColumn("link_network", "text")
        .execute();

      await db.schema
        .createTable("learn_earn_sprint_settings")
        .addColumn("sprint_id", "text", (c) => c.primaryKey())
        .addColumn("min_account_age_hours", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("learn_earn_sprint_settings").execute();
      await db.schema.dropTable("account_wallets").execute();
      await db.schema.dropTable("learn_earn_grants").execute();
      await db.schema.dropTable("learn_earn_quests").execute();
    },
  };
}
