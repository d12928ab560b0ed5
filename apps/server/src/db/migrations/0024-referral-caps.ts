import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/*
 * Exact airdrop rewards and referral caps.
 *
 * Rewards: `sprint_leaderboard.reward_units` holds each participant's reward in base units (18
 * decimals, a decimal string: PostgreSQL's integer cannot hold them), split by the exact XP
 * ratio with the remainder by largest remainder, so a leaderboard's rewards add up to its pool.
 * `pioneer_users.vstn_reward_units` holds a claim's reward the same way; claims made before keep
 * the whole tokens they were promised (vstn_rewards × 10^18).
 *
 * Referral caps: `referral_boosted` marks a counted referral that moved its referrer up (past the
 * daily cap one counts without moving); every referral counted so far did move them. An entry
 * that came through a referral link keeps `signup_network`, the IPv4 /24 or IPv6 /48 it signed
 * up from (never the address), for the console's view of referral clusters.
 *
 * The function below is a copy of the rule in packages/shared/src/airdrop-rewards.ts as it stood
 * when this migration was written, frozen here on purpose (a migration is history).
 */

const UNIT = 10n ** 18n;
const REFERRAL_TABLES = ["presale_registrations", "testnet_signups"] as const;

function allocate(entries: Array<{ key: string; xp: number }>, tokenPool: number): bigint[] {
  const pool = BigInt(tokenPool) * UNIT;
  const totalXp = entries.reduce((sum, e) => sum + BigInt(e.xp), 0n);
  if (totalXp <= 0n || pool <= 0n) return entries.map(() => 0n);
  const shares = entries.map((e) => {
    const scaled = pool * BigInt(e.xp);
    return { xp: e.xp, key: e.key, units: scaled / totalXp, remainder: scaled % totalXp };
  });
  let left = pool - shares.reduce((sum, s) => sum + s.units, 0n);
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? b.xp - a.xp || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of order) {
    if (left === 0n) break;
    if (share.xp <= 0) continue;
    share.units += 1n;
    left -= 1n;
  }
  return shares.map((s) => s.units);
}

export function referralCaps(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("sprint_leaderboard")
        .addColumn("reward_units", "text", (c) => c.notNull().defaultTo("0"))
        .execute();
      await db.schema
        .alterTable("pioneer_users")
        .addColumn("vstn_reward_units", "text", (c) => c.notNull().defaultTo("0"))
        .execute();

      const sprints = await sql<{ id: string; token_pool: number }>`select id, token_pool from sprints`.execute(db);
      for (const sprint of sprints.rows) {
        const board = await sql<{ username_key: string; xp: number }>`
          select username_key, xp from sprint_leaderboard where sprint_id = ${sprint.id}`.execute(db);
        const entries = board.rows.map((r) => ({ key: r.username_key, xp: Number(r.xp) }));
        const units = allocate(entries, Number(sprint.token_pool));
        for (const [i, entry] of entries.entries()) {
          await sql`update sprint_leaderboard set reward_units = ${String(units[i] ?? 0n)}
                    where sprint_id = ${sprint.id} and username_key = ${entry.key}`.execute(db);
        }
      }
      for (const table of REFERRAL_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn("referral_boosted", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable(table).addColumn("signup_network", "text").execute();
        await sql`update ${sql.table(table)} set referral_boosted = 1 where referral_counted_at is not null`.execute(db);
      }
      const claims = await sql<{ id: string; vstn_rewards: number }>`select id, vstn_rewards from pioneer_users`.execute(db);
      for (const claim of claims.rows) {
        await sql`update pioneer_users set vstn_reward_units = ${String(BigInt(claim.vstn_rewards) * UNIT)} where id = ${claim.id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of REFERRAL_TABLES) {
        await db.schema.alterTable(table).dropColumn("signup_network").execute();
        await db.schema.alterTable(table).dropColumn("referral_boosted").execute();
      }
      await db.schema.alterTable("pioneer_users").dropColumn("vstn_reward_units").execute();
      await db.schema.alterTable("sprint_leaderboard").dropColumn("reward_units").execute();
    },
  };
}
