import { describe, expect, it } from "vitest";
import { calculatorDefaults, lockMultipliers, tiers } from "../../../content/token";
import { calculateStakingRewards, formatTokenAmount, parseStake } from "./roi";

const apyOf = (id: string) => tiers.find((t) => t.id === id)?.baseApy ?? Number.NaN;

describe("ROI calculator: annual rewards = stake × APY × lock multiplier", () => {
  it("uses the spec's base APYs and lock multipliers", () => {
    expect(tiers.map((t) => [t.id, t.baseApy])).toEqual([
      ["bronze", 5],
      ["silver", 8],
      ["gold", 12],
      ["platinum", 15],
    ]);
    expect(lockMultipliers).toEqual({ 6: 1, 12: 1.5, 24: 2 });
  });

  it("gives 1,200 a year and 100 a month for the defaults (10,000 staked, silver, 12 months)", () => {
    expect(calculatorDefaults).toMatchObject({ stake: 10000, lockMonths: 12, tier: "silver", minStake: 1000, step: 1000 });
    const result = calculateStakingRewards({
      stake: calculatorDefaults.stake,
      apy: apyOf(calculatorDefaults.tier),
      lockMultiplier: lockMultipliers[calculatorDefaults.lockMonths],
    });
    expect(result).toEqual({ effectiveApy: 12, annualRewards: 1200, monthlyRewards: 100 });
  });

  it.each([
    [1000, "bronze", 6, 50],
    [50000, "gold", 24, 12000],
    [100000, "platinum", 12, 22500],
    [25000, "silver", 6, 2000],
  ] as const)("%d staked at %s for %d months earns %d a year", (stake, tier, lock, annual) => {
    const result = calculateStakingRewards({ stake, apy: apyOf(tier), lockMultiplier: lockMultipliers[lock] });
    expect(result.annualRewards).toBeCloseTo(annual, 6);
    expect(result.monthlyRewards).toBeCloseTo(annual / 12, 6);
  });

  it("treats an empty, negative or invalid stake as 0 instead of failing", () => {
    expect(calculateStakingRewards({ stake: -5, apy: 8, lockMultiplier: 1 }).annualRewards).toBe(0);
    expect(calculateStakingRewards({ stake: Number.NaN, apy: 8, lockMultiplier: 1 }).annualRewards).toBe(0);
    expect(parseStake("")).toBe(0);
    expect(parseStake("abc")).toBe(0);
    expect(parseStake("12,500")).toBe(12500);
    expect(parseStake("500")).toBe(500);
  });

  it("formats amounts with thousands separators and at most two decimals", () => {
    expect(formatTokenAmount(1200)).toBe("1,200");
    expect(formatTokenAmount(1000 / 12)).toBe("83.33");
  });
});
