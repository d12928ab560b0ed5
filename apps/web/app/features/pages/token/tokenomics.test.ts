import { describe, expect, it } from "vitest";
import { allocations } from "../../../content/token";
import { formatTokens, fullyUnlockedAfter, saleTokensAtTge, tokensFor, totalRaise } from "./tokenomics";

describe("the allocation table agrees with the published token figures", () => {
  it("adds up to 100% of the 100,000,000 supply", () => {
    const total = allocations.reduce((sum, a) => sum + a.percentage, 0);
    expect(total).toBeCloseTo(100, 10);
    expect(allocations.reduce((sum, a) => sum + tokensFor(a.percentage), 0)).toBe(100_000_000);
  });

  it("raises $1.46M for 32.38% of supply across the four sale rounds", () => {
    const sold = allocations.filter((a) => a.vesting.price).reduce((sum, a) => sum + a.percentage, 0);
    expect(sold).toBeCloseTo(32.38, 10);
    expect(totalRaise(allocations) / 1_000_000).toBeCloseTo(1.46, 2);
  });

  it("puts 6.3M sale tokens into circulation at TGE", () => {
    expect(saleTokensAtTge(allocations) / 1_000_000).toBeCloseTo(6.3, 2);
  });

  it("keeps each vesting string in line with its numbers", () => {
    for (const a of allocations) {
      const { tgePercent, cliffMonths, vestMonths, price } = a.vesting;
      if (tgePercent) expect(a.details, a.category).toContain(`${tgePercent}% at TGE`);
      if (cliffMonths) expect(a.details, a.category).toContain(`${cliffMonths}-month cliff`);
      expect(a.details, a.category).toContain(`${vestMonths}-month`);
      if (price) expect(a.details, a.category).toContain(`$${price}`);
    }
    expect(Math.max(...allocations.map(fullyUnlockedAfter))).toBe(42);
  });

  it("formats token amounts", () => {
    expect(formatTokens(17_500_000)).toBe("17.5M");
    expect(formatTokens(5_620_000)).toBe("5.62M");
    expect(formatTokens(900)).toBe("900");
  });
});
