import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/** pioneer_users' columns in table order (0005 + 0009), for the SQLite rebuild below. */
const PIONEER_COLUMNS = [
  "id",
  "sprint_id",
  "zealy_username",
  "username_key",
  "wallet_address",
  "email",
  "tg_account",
  "xp_earned",
  "pool_share_bp",
  "vstn_rewards",
  "verification_date",
  "distribution_date",
  "status",
  "note",
  "created_at",
  "updated_at",
  "verified_at",
] as const;

/**
 * Wallets proven by signature (docs/decisions/0008-wallet-proof.md):
 * - wallet_nonces: the single-use nonces of handed-out Sign-In with Ethereum messages, stored as
 *   sha256 hashes with the address and purpose they were issued for and the hash of the whole
 *   message (a signed message must be the one handed out, to the byte); spent in the transaction
 *   that stores the record they prove.
 * - sprint_leaderboard.wallet_address: the wallet Zealy lists for a member (lower-cased, optional).
 * - pioneer_users: claim_status (granted, pending_review, rejected), when the wallet was proven,
 *   and the review. Claims made before signatures existed were never proven, so they go to review.
 *   A rejected claim no longer holds its username or wallet: the two unique constraints become
 *   partial unique indexes over the claims that are not rejected (SQLite rebuilds the table, as it
 *   cannot drop a constraint).
 * - presale_registrations.wallet_verified_at: null for an address typed by hand.
 * - allowlists and allowlist_entries: frozen Merkle allow-lists for the token generation event,
 *   each entry with its proof, so every server answers proofs from the database.
 */
export function walletProof(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("wallet_nonces")
        .addColumn("nonce_hash", "text", (c) => c.primaryKey())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("subject", "text")
        .addColumn("message_hash", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("wallet_nonces_expires_idx").on("wallet_nonces").column("expires_at").execute();

      await db.schema.alterTable("sprint_leaderboard").addColumn("wallet_address", "text").execute();
      await db.schema.createIndex("sprint_leaderboard_wallet_idx").on("sprint_leaderboard").columns(["sprint_id", "wallet_address"]).execute();

      await db.schema.alterTable("presale_registrations").addColumn("wallet_verified_at", "text").execute();
      await db.schema
        .createIndex("presale_registrations_wallet_verified_idx")
        .on("presale_registrations")
        .columns(["wallet_verified_at", "created_at"])
        .execute();

      if (ctx.dialect === "postgres") {
        await sql`alter table pioneer_users drop constraint pioneer_users_username_unique`.execute(db);
        await sql`alter table pioneer_users drop constraint pioneer_users_wallet_unique`.execute(db);
      } else {
        await rebuildPioneersWithoutUniqueConstraints(db);
      }
      await db.schema
        .alterTable("pioneer_users")
        .addColumn("claim_status", "text", (c) => c.notNull().defaultTo("pending_review"))
        .execute();
      await db.schema.alterTable("pioneer_users").addColumn("wallet_verified_at", "text").execute();
      await db.schema.alterTable("pioneer_users").addColumn("reviewed_at", "text").execute();
      await db.schema.alterTable("pioneer_users").addColumn("reviewed_by", "text").execute();
      await db.schema.alterTable("pioneer_users").addColumn("review_note", "text").execute();
      await sql`create unique index pioneer_users_username_live on pioneer_users (sprint_id, username_key) where claim_status <> 'rejected'`.execute(db);
      await sql`create unique index pioneer_users_wallet_live on pioneer_users (sprint_id, wallet_address) where claim_status <> 'rejected'`.execute(db);
      await db.schema.createIndex("pioneer_users_claim_status_idx").on("pioneer_users").columns(["claim_status", "created_at"]).execute();

      await db.schema
        .createTable("allowlists")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("sprint_id", "text")
        .addColumn("root", "text", (c) => c.notNull())
        .addColumn("entry_count", "integer", (c) => c.notNull())
        .addColumn("total_amount", "text", (c) => c.notNull())
        .addColumn("tree_dump", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("frozen_at", "text", (c) => c.notNull())
        .addColumn("frozen_by", "text", (c) => c.notNull())
        .addColumn("unfrozen_at", "text")
        .addColumn("unfrozen_by", "text")
        .addColumn("unfreeze_reason", "text")
        .execute();
      await db.schema.createIndex("allowlists_kind_status_idx").on("allowlists").columns(["kind", "status", "frozen_at"]).execute();
      // One frozen list per sprint (and one presale list): two admins freezing at once get one list.
      await sql`create unique index allowlists_one_frozen on allowlists (kind, coalesce(sprint_id, '')) where status = 'frozen'`.execute(db);

      await db.schema
        .createTable("allowlist_entries")
        .addColumn("allowlist_id", "text", (c) => c.notNull().references("allowlists.id"))
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("amount", "text", (c) => c.notNull())
        .addColumn("leaf_index", "integer", (c) => c.notNull())
        .addColumn("proof", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("allowlist_entries_pk", ["allowlist_id", "address"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("allowlist_entries").execute();
      await db.schema.dropIndex("allowlists_one_frozen").execute();
      await db.schema.dropTable("allowlists").execute();
      await db.schema.dropIndex("pioneer_users_claim_status_idx").execute();
      await db.schema.dropIndex("pioneer_users_wallet_live").execute();
      await db.schema.dropIndex("pioneer_users_username_live").execute();
      for (const column of ["review_note", "reviewed_by", "reviewed_at", "wallet_verified_at", "claim_status"]) {
        await db.schema.alterTable("pioneer_users").dropColumn(column).execute();
      }
      await db.schema.dropIndex("presale_registrations_wallet_verified_idx").execute();
      await db.schema.alterTable("presale_registrations").dropColumn("wallet_verified_at").execute();
      await db.schema.dropIndex("sprint_leaderboard_wallet_idx").execute();
      await db.schema.alterTable("sprint_leaderboard").dropColumn("wallet_address").execute();
      await db.schema.dropTable("wallet_nonces").execute();
    },
  };
}

/** SQLite: the same table and indexes, minus the two table-level unique constraints of 0005. */
async function rebuildPioneersWithoutUniqueConstraints(db: Kysely<unknown>) {
  await db.schema
    .createTable("pioneer_users_rebuilt")
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
    .addColumn("verified_at", "text")
    .execute();
  const columns = sql.join(PIONEER_COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into pioneer_users_rebuilt (${columns}) select ${columns} from pioneer_users`.execute(db);
  await db.schema.dropTable("pioneer_users").execute();
  await db.schema.alterTable("pioneer_users_rebuilt").renameTo("pioneer_users").execute();
  await db.schema.createIndex("pioneer_users_created_idx").on("pioneer_users").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("pioneer_users_status_idx").on("pioneer_users").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("pioneer_users_email_idx").on("pioneer_users").column("email").execute();
  await db.schema.createIndex("pioneer_users_verified_idx").on("pioneer_users").columns(["verified_at", "created_at"]).execute();
}
