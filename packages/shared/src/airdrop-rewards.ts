/*
 * The airdrop reward rule, in integer base units so nothing is lost to rounding.
 *
 * A sprint's token pool is split by the exact XP ratio: each participant first gets
 * floor(pool × xp / combined XP) base units (1 token = 10^18 base units). What flooring leaves
 * over (fewer base units than there are participants) goes one base unit each to the largest
 * remainders, pool × xp mod combined XP; equal remainders go to more XP first, then to the
 * username in code-point order of its lower-cased form. The allocations of a leaderboard
 * therefore always add up to the pool exactly, and the same leaderboard always gives the same
 * allocations. No zod: the browser formats the amounts with it.
 */

/** Base units per token (the token has 18 decimals). */
export const TOKEN_UNIT_DECIMALS = 18;
export const TOKEN_UNIT = 10n ** BigInt(TOKEN_UNIT_DECIMALS);

export type RewardEntry = { zealyUsername: string; xp: number };

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each entry's reward in base units, in the order given. `tokenPool` is in whole tokens. Entries
 * with 0 XP get 0; with no XP at all, everyone gets 0.
 */
export function allocateRewards(entries: readonly RewardEntry[], tokenPool: number | bigint): bigint[] {
  const pool = BigInt(tokenPool) * TOKEN_UNIT;
  const totalXp = entries.reduce((sum, e) => sum + BigInt(e.xp), 0n);
  if (totalXp <= 0n || pool <= 0n) return entries.map(() => 0n);
  const shares = entries.map((e, index) => {
    const scaled = pool * BigInt(e.xp);
    return { index, xp: e.xp, key: e.zealyUsername.toLowerCase(), units: scaled / totalXp, remainder: scaled % totalXp };
  });
  let left = pool - shares.reduce((sum, s) => sum + s.units, 0n);
  const order = [...shares].sort((a, b) => (a.remainder === b.remainder ? b.xp - a.xp || compareKeys(a.key, b.key) : a.remainder > b.remainder ? -1 : 1));
  for (const share of order) {
    if (left === 0n) break;
    if (share.xp <= 0) continue;
    share.units += 1n;
    left -= 1n;
  }
  return shares.map((s) => s.units);
}

/** Base units → tokens as a number, for sorting and charts (exact amounts stay in base units). */
export function unitsToTokens(units: string | bigint): number {
  const value = BigInt(units);
  return Number(value / TOKEN_UNIT) + Number(value % TOKEN_UNIT) / Number(TOKEN_UNIT);
}

/**
 * Base units as a person reads them: grouped whole tokens and at most `fractionDigits` decimals,
 * cut (never rounded up, so a display never promises more than the amount), trailing zeros
 * dropped: "1853258426966292134831" → "1,853.2584".
 */
export function formatTokenUnits(units: string | bigint, fractionDigits = 4): string {
  const value = BigInt(units);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const whole = (abs / TOKEN_UNIT).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = (abs % TOKEN_UNIT).toString().padStart(TOKEN_UNIT_DECIMALS, "0").slice(0, fractionDigits).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Base units as an exact decimal number of tokens, without grouping (files, logs): "1853.258426966292134831", "10000". */
export function tokenAmountText(units: string | bigint): string {
  const value = BigInt(units);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const fraction = (abs % TOKEN_UNIT).toString().padStart(TOKEN_UNIT_DECIMALS, "0").replace(/0+$/, "");
  return `${sign}${abs / TOKEN_UNIT}${fraction ? `.${fraction}` : ""}`;
}
