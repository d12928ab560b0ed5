import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Two-factor sign-in (ADR 14).
 * - users: the TOTP secret (sealed with AES-256-GCM under a key derived from JWT_SECRET), one being
 *   enrolled, when it was turned on, and the last time step used (a code is never taken twice).
 * - recovery_codes: ten per person, HMAC'd, each used once.
 * - two_factor_challenges: the step between a correct password (or Google) and the code; by the
 *   token's hash, five minutes, five tries.
 * - trusted_devices: "remember this device for 30 days", by the token's hash.
 */
export function twoFactor(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_last_step", "bigint").execute();
      await db.schema
        .createTable("recovery_codes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").columns(["user_id", "code_hash"]).execute();
      await db.schema
        .createTable("two_factor_challenges")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("user_agent", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createTable("trusted_devices")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("user_agent", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("trusted_devices").execute();
      await db.schema.dropTable("two_factor_challenges").execute();
      await db.schema.dropTable("recovery_codes").execute();
      for (const column of ["totp_last_step", "totp_enabled_at", "totp_pending_secret", "totp_secret"])
        await db.schema.alterTable("users").dropColumn(column).execute();
    },
  };
}
