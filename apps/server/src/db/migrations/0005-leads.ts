import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

const LEAD_TABLES = ["contacts", "partner_applications", "presale_registrations", "testnet_signups", "pioneer_users"] as const;

/**
 * Lead capture: contact enquiries, partnership applications, the presale whitelist, the testnet
 * waitlist and airdrop claims, plus the sprint (token pool, combined XP) and its imported
 * leaderboard. Every lead table carries status ('new' | 'in_progress' | 'done') and a note for the
 * admin inbox. The duplicate rules (one presale entry per e-mail and per wallet, one waitlist entry
 * per e-mail, one airdrop claim per Zealy username and per wallet in a sprint) are unique
 * constraints, so two racing requests cannot both get in; queues are ranked by (created_at, id).
 */
export function leads(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("contacts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("country", "text")
        .addColumn("business_type", "text")
        .addColumn("business_type_other", "text")
        .addColumn("interested_in", "text")
        .addColumn("planned_assets", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("comments", "text")
        .addColumn("consent", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("partner_applications")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("organization_name", "text", (c) => c.notNull())
        .addColumn("primary_contact_name", "text", (c) => c.notNull())
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("social_profile", "text")
        .addColumn("website_url", "text", (c) => c.notNull())
        .addColumn("email_or_telegram", "text", (c) => c.notNull())
        .addColumn("country", "text", (c) => c.notNull())
        .addColumn("partnership_types", "text", (c) => c.notNull())
        .addColumn("other_partnership_type", "text")
        .addColumn("comments", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("presale_registrations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("full_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("wallet_address", "text", (c) => c.notNull().unique())
        .addColumn("investment_range", "text", (c) => c.notNull())
        .addColumn("crypto_experience", "text", (c) => c.notNull())
        .addColumn("reference", "text", (c) => c.notNull())
        .addColumn("additional_info", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("testnet_signups")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("twitter_handle", "text")
        .addColumn("telegram_handle", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sprints")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("period", "text", (c) => c.notNull())
        .addColumn("token_pool", "integer", (c) => c.notNull())
        .addColumn("total_xp", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("participant_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sprint_leaderboard")
        .addColumn("sprint_id", "text", (c) => c.notNull().references("sprints.id").onDelete("cascade"))
        .addColumn("username_key", "text", (c) => c.notNull())
        .addColumn("zealy_username", "text", (c) => c.notNull())
        .addColumn("xp", "integer", (c) => c.notNull())
        .addColumn("rank", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("sprint_leaderboard_pk", ["sprint_id", "username_key"])
        .execute();

      await db.schema
        .createTable("pioneer_users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("sprint_id", "text", (c) => c.notNull().references("sprints.id"))
        .addColumn("zealy_username", "text", (c) => c.notNull())
        .addColumn("username_key", "text", (c) => c.notNull())
        .addColumn("wallet_address", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("tg_account", "text", (c) => c.notNull())
        .addColumn("xp_earned", "integer", (c) => c.notNull())
        .addColumn("pool_share_bp", "integer", (c) => c.notNull())
        .addColumn("vstn_rewards", "integer", (c) => c.notNull())
        .addColumn("verification_date", "text", (c) => c.notNull())
        .addColumn("distribution_date", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("pioneer_users_username_unique", ["sprint_id", "username_key"])
        .addUniqueConstraint("pioneer_users_wallet_unique", ["sprint_id", "wallet_address"])
        .execute();

      // Queue rank and the admin inbox (newest first) both walk (created_at, id).
      for (const table of LEAD_TABLES) {
        await db.schema.createIndex(`${table}_created_idx`).on(table).columns(["created_at", "id"]).execute();
        await db.schema.createIndex(`${table}_status_idx`).on(table).columns(["status", "created_at"]).execute();
      }
      await db.schema.createIndex("pioneer_users_email_idx").on("pioneer_users").column("email").execute();
      await db.schema.createIndex("sprint_leaderboard_rank_idx").on("sprint_leaderboard").columns(["sprint_id", "rank"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["pioneer_users", "sprint_leaderboard", "sprints", "testnet_signups", "presale_registrations", "partner_applications", "contacts"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
