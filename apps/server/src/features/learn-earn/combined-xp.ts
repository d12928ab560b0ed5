import type { Kysely } from "kysely";
import { allocateRewards } from "@vestin/shared/airdrop-rewards";
import type { DB } from "../../db/schema.ts";
import { grantedClaimsOf, sprintForQuests, zealyEntriesOf } from "../leads/index.ts";
import { learnEarnRepository } from "./repository.ts";

/** One participant of a sprint with learning XP combined: a Zealy leaderboard entry, or a wallet with learning XP only. */
export type CombinedEntry = {
  /** The entry's username key, or the wallet (lower-cased) of a participant with learning XP only. */
  key: string;
  zealyUsername: string | null;
  /** The wallet its XP is matched by (lower-cased): a granted claim's, else the one the leaderboard lists. */
  wallet: string | null;
  zealyXp: number;
  learningXp: number;
  /** Granted quests counted in learningXp. */
  quests: number;
  totalXp: number;
  /** Rank over the combined total: more XP first, equal totals share a rank. */
  rank: number;
  /** The pool rule on combined XP: this participant's share of the sprint's token pool in base units. */
  units: bigint;
};

/**
 * A sprint's leaderboard with learning XP combined. Every imported Zealy entry is a participant;
 * the learning XP of a wallet (the sum of its granted grants) is added to the entry whose wallet it
 * is (the wallet of the entry's granted claim, else the one the leaderboard lists), or makes a
 * participant of its own. Ranks and the pool split (`allocateRewards`, the airdrop's one reward
 * rule) are over the combined totals. Read with the caller's handle, so a freeze reads it inside
 * its transaction. `ifLearning`: nothing (not even the Zealy entries) when the sprint has no
 * learning XP, for callers that then keep the leaderboard's own ranks and rewards.
 */
export async function combinedXp(db: Kysely<DB>, sprintId: string, options: { ifLearning?: boolean } = {}): Promise<CombinedEntry[]> {
  const learning = await learnEarnRepository(db).learningXpByWallet(sprintId);
  if (options.ifLearning && learning.length === 0) return [];
  const sprint = await sprintForQuests(db, sprintId);
  if (!sprint) return [];
  const claimWallets = new Map((await grantedClaimsOf(db, sprintId)).map((c) => [c.zealy_username.toLowerCase(), c.wallet_address.toLowerCase()]));
  const entries = new Map<string, Omit<CombinedEntry, "totalXp" | "rank" | "units">>();
  const byWallet = new Map<string, string>();
  for (const z of await zealyEntriesOf(db, sprintId)) {
    const wallet = claimWallets.get(z.username_key) ?? z.wallet_address?.toLowerCase() ?? null;
    entries.set(z.username_key, { key: z.username_key, zealyUsername: z.zealy_username, wallet, zealyXp: z.xp, learningXp: 0, quests: 0 });
    if (wallet && !byWallet.has(wallet)) byWallet.set(wallet, z.username_key);
  }
  for (const l of learning) {
    const wallet = (l.wallet_address ?? "").toLowerCase();
    const key = byWallet.get(wallet) ?? wallet;
    const entry = entries.get(key) ?? { key, zealyUsername: null, wallet, zealyXp: 0, learningXp: 0, quests: 0 };
    entry.learningXp += Number(l.xp);
    entry.quests += Number(l.quests);
    entries.set(key, entry);
  }
  const rows = [...entries.values()].map((e) => ({ ...e, totalXp: e.zealyXp + e.learningXp })).filter((e) => e.totalXp > 0);
  rows.sort((a, b) => b.totalXp - a.totalXp || (a.key < b.key ? -1 : 1));
  const units = allocateRewards(
    rows.map((r) => ({ zealyUsername: r.key, xp: r.totalXp })),
    sprint.token_pool,
  );
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || (rows[i - 1]?.totalXp ?? 0) !== row.totalXp) rank = i + 1;
    return { ...row, rank, units: units[i] ?? 0n };
  });
}
