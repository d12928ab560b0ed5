import type { Allocation } from "~/content/token";

export const TOTAL_SUPPLY = 100_000_000;

/** Tokens in an allocation of `percentage` percent of the fixed supply. */
export function tokensFor(percentage: number): number {
  return Math.round((percentage / 100) * TOTAL_SUPPLY);
}

/** Money raised by the sale rounds (the allocations with a price). */
export function totalRaise(allocations: Allocation[]): number {
  return allocations.reduce((sum, a) => sum + (a.vesting.price ? tokensFor(a.percentage) * a.vesting.price : 0), 0);
}

/** Sale-round tokens unlocked at the token generation event. */
export function saleTokensAtTge(allocations: Allocation[]): number {
  return allocations.reduce((sum, a) => sum + (a.vesting.price ? (tokensFor(a.percentage) * a.vesting.tgePercent) / 100 : 0), 0);
}

/** Months from TGE until the allocation is fully unlocked. */
export function fullyUnlockedAfter(allocation: Allocation): number {
  return allocation.vesting.cliffMonths + allocation.vesting.vestMonths;
}

/**
 * One colour per chart series, stepping along the brand's teal → violet → navy ramp, so the
 * charts use only the design tokens.
 */
export function seriesColor(index: number, count: number): string {
  const position = count <= 1 ? 0 : index / (count - 1);
  if (position <= 0.5) {
    const violet = Math.round((position / 0.5) * 100);
    return `color-mix(in oklab, var(--color-brand-violet) ${violet}%, var(--color-brand-teal))`;
  }
  const navy = Math.round(((position - 0.5) / 0.5) * 70);
  return `color-mix(in oklab, var(--color-navy-700) ${navy}%, var(--color-brand-violet))`;
}

// One formatter each, made once: toLocaleString builds a new one per call, which showed in the
// server's profile of a cold /token-economy render (ADR 9).
const MILLIONS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat("en-US");

export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${MILLIONS.format(tokens / 1_000_000)}M`;
  return WHOLE.format(tokens);
}
