import type { LockPeriod, TierId } from "~/content/token";

export type RoiInput = {
  /** Tokens staked; anything that is not a positive number counts as 0. */
  stake: number;
  /** Base APY of the chosen tier, in percent (5, 8, 12 or 15). */
  apy: number;
  /** Multiplier of the lock period (1, 1.5 or 2). */
  lockMultiplier: number;
};

export type RoiResult = {
  /** APY after the lock multiplier, in percent. */
  effectiveApy: number;
  annualRewards: number;
  monthlyRewards: number;
};

/**
 * The calculator's rule, stated on the page in the same words:
 * annual rewards = stake × APY × lock multiplier (APY as a fraction, i.e. APY / 100);
 * monthly rewards = annual rewards / 12.
 */
export function calculateStakingRewards({ stake, apy, lockMultiplier }: RoiInput): RoiResult {
  const safeStake = Number.isFinite(stake) && stake > 0 ? stake : 0;
  const effectiveApy = apy * lockMultiplier;
  const annualRewards = (safeStake * apy * lockMultiplier) / 100;
  return { effectiveApy, annualRewards, monthlyRewards: annualRewards / 12 };
}

/** Reads the stake field: empty or invalid text counts as 0 (min and step are hints, not enforced). */
export function parseStake(text: string): number {
  const value = Number(text.replace(/[,\s]/g, ""));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

const AMOUNT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export function formatTokenAmount(value: number): string {
  return AMOUNT.format(value);
}

export type { LockPeriod, TierId };
