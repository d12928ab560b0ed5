import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { openDatabase, type Database } from "../database.ts";
import { migrationProvider } from "./index.ts";

/** An older schema than today's `DB`: any table, any column. */
type AnySchema = Record<string, Record<string, unknown>>;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

const migrator = (database: Database) => new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }) });
const AT = "2026-01-01T00:00:00.000Z";
const UNIT = 10n ** 18n;

const presale = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  full_name: "Someone Joining",
  email,
  wallet_address: `0x${id.padStart(40, "0")}`,
  investment_range: "$100 - $500",
  crypto_experience: "Beginner",
  reference: "Other",
  additional_info: "learning",
  verified_at: null,
  wallet_verified_at: null,
  status: "new",
  note: null,
  created_at: AT,
  updated_at: AT,
  referral_code: `code${id}`,
  email_key: email,
  referred_by: null,
  referral_counted_at: null,
  referral_boost: 0,
  ...extra,
});

describe("migration 0024 (exact rewards, referral caps) on a database with a leaderboard, claims and referrals", () => {
  for (const dialect of testDialects()) {
    it(`shares each leaderboard's pool to the base unit, keeps claims' whole tokens, and marks past referrals as boosting [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0022-search-head")).error).toBeUndefined();
        const db = database.db as unknown as Kysely<AnySchema>;
        await db
          .insertInto("sprints")
          .values({ id: "s1", name: "S", period: "", token_pool: 100, total_xp: 21, participant_count: 3, is_active: 1, created_at: AT, updated_at: AT })
          .execute();
        await db
          .insertInto("sprint_leaderboard")
          .values(["zed", "amy", "bob"].map((key) => ({ sprint_id: "s1", username_key: key, zealy_username: key, xp: 7, rank: 1, wallet_address: null })))
          .execute();
        await db
          .insertInto("pioneer_users")
          .values({
            id: "c1",
            sprint_id: "s1",
            zealy_username: "amy",
            username_key: "amy",
            wallet_address: `0x${"a".repeat(40)}`,
            email: "amy@example.com",
            tg_account: "@amy_tg",
            xp_earned: 7,
            pool_share_bp: 3333,
            vstn_rewards: 33,
            verification_date: AT,
            distribution_date: AT,
            status: "new",
            note: null,
            created_at: AT,
            updated_at: AT,
            verified_at: null,
            claim_status: "granted",
            wallet_verified_at: AT,
          })
          .execute();
        await db
          .insertInto("presale_registrations")
          .values([
            presale("1", "host@example.com", { referral_boost: 1 }),
            presale("2", "counted@example.org", { referred_by: "1", referral_counted_at: AT }),
            presale("3", "waiting@example.org", { referred_by: "1" }),
          ])
          .execute();

        expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
        const board = await database.db.selectFrom("sprint_leaderboard").select(["username_key", "reward_units"]).orderBy("username_key").execute();
        // 100 tokens in thirds; the one base unit left goes to "amy" (equal remainders and XP: the name decides).
        expect(board).toEqual([
          { username_key: "amy", reward_units: "33333333333333333334" },
          { username_key: "bob", reward_units: "33333333333333333333" },
          { username_key: "zed", reward_units: "33333333333333333333" },
        ]);
        expect(board.reduce((sum, r) => sum + BigInt(r.reward_units), 0n)).toBe(100n * UNIT);
        // A claim made before keeps the whole tokens it was promised.
        expect(await database.db.selectFrom("pioneer_users").select("vstn_reward_units").executeTakeFirstOrThrow()).toEqual({
          vstn_reward_units: (33n * UNIT).toString(),
        });
        const rows = await database.db.selectFrom("presale_registrations").select(["id", "referral_boosted", "signup_network"]).orderBy("id").execute();
        expect(rows).toEqual([
          { id: "1", referral_boosted: 0, signup_network: null },
          { id: "2", referral_boosted: 1, signup_network: null },
          { id: "3", referral_boosted: 0, signup_network: null },
        ]);

        expect((await migrator(database).migrateTo("0022-search-head")).error).toBeUndefined();
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
