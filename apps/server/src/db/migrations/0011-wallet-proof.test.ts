import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { openDatabase, type Database } from "../database.ts";
import { migrationProvider } from "./index.ts";

/** An older schema than today's `DB`: any table, any column (each test reads back only what it wrote). */
type AnySchema = Record<string, Record<string, unknown>>;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

const migrator = (database: Database) => new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }) });

const claim = (id: string, username: string, wallet: string) => ({
  id,
  sprint_id: "sprint-1",
  zealy_username: username,
  username_key: username.toLowerCase(),
  wallet_address: wallet,
  email: `${id}@example.com`,
  tg_account: "@someone",
  xp_earned: 10,
  pool_share_bp: 100,
  vstn_rewards: 50,
  verification_date: "2026-01-01T00:00:00.000Z",
  distribution_date: "2026-01-31T00:00:00.000Z",
  status: "new",
  note: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  verified_at: null,
});

describe("migration 0011 (wallet proof) on a database with claims", () => {
  for (const dialect of testDialects()) {
    it(`keeps every claim, sends the unsigned ones to review, and frees a rejected claim's username and wallet [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        const before = await migrator(database).migrateTo("0010-change-notices");
        expect(before.error).toBeUndefined();
        // The 0010 schema has no claim_status yet: write through an untyped handle.
        const db = database.db as unknown as Kysely<AnySchema>;
        await db
          .insertInto("sprints")
          .values({
            id: "sprint-1",
            name: "S",
            period: "",
            token_pool: 1000,
            total_xp: 100,
            participant_count: 2,
            is_active: 1,
            created_at: "2026-01-01",
            updated_at: "2026-01-01",
          })
          .execute();
        await db
          .insertInto("pioneer_users")
          .values([claim("a", "Alice", "0x" + "a".repeat(40)), claim("b", "bob", "0x" + "b".repeat(40))])
          .execute();

        const after = await migrator(database).migrateToLatest();
        expect(after.error).toBeUndefined();
        const rows = await database.db.selectFrom("pioneer_users").selectAll().orderBy("id").execute();
        expect(rows.map((r) => [r.id, r.zealy_username, r.wallet_address, r.email, r.claim_status, r.wallet_verified_at])).toEqual([
          ["a", "Alice", "0x" + "a".repeat(40), "a@example.com", "pending_review", null],
          ["b", "bob", "0x" + "b".repeat(40), "b@example.com", "pending_review", null],
        ]);

        // A second live claim for the username or the wallet is still refused by the database …
        await expect(
          database.db
            .insertInto("pioneer_users")
            .values({ ...claim("c", "ALICE", "0x" + "c".repeat(40)), claim_status: "granted" } as never)
            .execute(),
        ).rejects.toThrow();
        await expect(
          database.db
            .insertInto("pioneer_users")
            .values({ ...claim("d", "dave", "0x" + "b".repeat(40)), claim_status: "granted" } as never)
            .execute(),
        ).rejects.toThrow();
        // … but once the claim is rejected, both are free again.
        await database.db.updateTable("pioneer_users").set({ claim_status: "rejected" }).where("id", "=", "a").execute();
        await database.db
          .insertInto("pioneer_users")
          .values({ ...claim("c", "ALICE", "0x" + "a".repeat(40)), claim_status: "granted" } as never)
          .execute();
        expect(await database.db.selectFrom("pioneer_users").select("id").where("username_key", "=", "alice").execute()).toHaveLength(2);

        // And the migration goes back down cleanly.
        const down = await migrator(database).migrateTo("0010-change-notices");
        expect(down.error).toBeUndefined();
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
