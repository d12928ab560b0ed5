import type { Seeder } from "../../db/seed/index.ts";
import { nowIso } from "../../lib/ids.ts";
import { replaceLeaderboard, type LeaderboardEntry } from "./repository.ts";

/**
 * The demo community sprint, built so the figures of /zealy-claim hold: 5,000 participants
 * (pioneer-0001 … pioneer-5000) with 445,000 XP between them, and pioneer-0047 at rank 47 with
 * 8,247 XP, which is 1.85% of the pool: 1,850 of the 100,000-token pool.
 */
export const DEMO_SPRINT = {
  id: "community-sprint-2024-12",
  name: "Community Quest Sprint",
  period: "December 2024",
  tokenPool: 100_000,
  participants: 5_000,
  totalXp: 445_000,
  featured: { zealyUsername: "pioneer-0047", xp: 8_247, rank: 47 },
} as const;

const zealyUsernameOf = (n: number) => `pioneer-${String(n).padStart(4, "0")}`;

/**
 * Deterministic XP for the demo: the 46 leaders sit a little above 8,247 (10 XP apart), then a
 * long tail falls off as 1/n, at least 1 XP each, scaled so the whole board adds up exactly.
 * Every participant's rank equals their number.
 */
export function demoLeaderboard(): LeaderboardEntry[] {
  const { participants, totalXp, featured } = DEMO_SPRINT;
  const xp: number[] = [];
  for (let n = 1; n < featured.rank; n++) xp.push(featured.xp + 10 * (featured.rank - n));
  xp.push(featured.xp);
  const tailCount = participants - featured.rank;
  const tailBudget = totalXp - xp.reduce((a, b) => a + b, 0);
  const weights = Array.from({ length: tailCount }, (_, i) => 1 / (i + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const tail = weights.map((w) => Math.max(1, Math.floor((tailBudget * w) / weightSum)));
  // Hand out what flooring left over, one XP each from the top of the tail (order is kept).
  let left = tailBudget - tail.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % tailCount, left--) tail[i] = (tail[i] ?? 0) + 1;
  xp.push(...tail);
  return xp.map((value, i) => ({ zealyUsername: zealyUsernameOf(i + 1), xp: value }));
}

/** The demo sprint and its leaderboard; skipped when a sprint exists (an imported leaderboard is never replaced). */
export const leadsSeeder: Seeder = {
  name: "leads-demo-sprint",
  version: 1,
  async run(trx) {
    const existing = await trx.selectFrom("sprints").select("id").executeTakeFirst();
    if (existing) return;
    await replaceLeaderboard(trx, DEMO_SPRINT, demoLeaderboard(), nowIso());
  },
};
