import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateRewards, formatTokenUnits, TOKEN_UNIT, tokenAmountText, unitsToTokens } from "./airdrop-rewards.ts";

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe("airdrop rewards in base units", () => {
  it("gives 1,000, 2,000 and 3,000 XP of a 60,000-token pool 10,000, 20,000 and 30,000 tokens: 60,000 in all", () => {
    const rewards = allocateRewards(
      [
        { zealyUsername: "ada", xp: 1000 },
        { zealyUsername: "bea", xp: 2000 },
        { zealyUsername: "cy", xp: 3000 },
      ],
      60_000,
    );
    expect(rewards).toEqual([10_000n * TOKEN_UNIT, 20_000n * TOKEN_UNIT, 30_000n * TOKEN_UNIT]);
    expect(sum(rewards)).toBe(60_000n * TOKEN_UNIT);
  });

  it("hands the base units flooring leaves to the largest remainders, ties to more XP, then to the username", () => {
    // 100 tokens in thirds: each gets 33.333… tokens, and the one base unit left goes by name.
    const thirds = allocateRewards(
      [
        { zealyUsername: "Zoe", xp: 1 },
        { zealyUsername: "amy", xp: 1 },
        { zealyUsername: "Bob", xp: 1 },
      ],
      100,
    );
    const third = (100n * TOKEN_UNIT) / 3n;
    expect(thirds).toEqual([third, third + 1n, third]);
    expect(sum(thirds)).toBe(100n * TOKEN_UNIT);
    // 1 token over 1, 1 and 4 XP: every remainder is 4 (of 6) and 2 base units are left: more XP first, then "a" before "b".
    const sixths = allocateRewards(
      [
        { zealyUsername: "a", xp: 1 },
        { zealyUsername: "b", xp: 1 },
        { zealyUsername: "c", xp: 4 },
      ],
      1,
    );
    expect(sixths).toEqual([TOKEN_UNIT / 6n + 1n, TOKEN_UNIT / 6n, (4n * TOKEN_UNIT) / 6n + 1n]);
    expect(sum(sixths)).toBe(TOKEN_UNIT);
  });

  it("gives nothing to 0 XP and nothing at all when nobody has XP", () => {
    expect(allocateRewards([{ zealyUsername: "a", xp: 0 }], 100)).toEqual([0n]);
    expect(allocateRewards([], 100)).toEqual([]);
    expect(
      allocateRewards(
        [
          { zealyUsername: "a", xp: 0 },
          { zealyUsername: "b", xp: 3 },
        ],
        7,
      ),
    ).toEqual([0n, 7n * TOKEN_UNIT]);
  });

  it("always sums to the pool exactly, never gives anyone less than the floor of the exact share or more than one unit above it, and ignores order", () => {
    const entry = fc.record({ zealyUsername: fc.string({ minLength: 1, maxLength: 8 }), xp: fc.nat({ max: 1_000_000_000 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { minLength: 1, maxLength: 60, selector: (e) => e.zealyUsername.toLowerCase() }),
        fc.integer({ min: 1, max: 1_000_000_000_000 }),
        (entries, pool) => {
          const rewards = allocateRewards(entries, pool);
          const totalXp = entries.reduce((s, e) => s + BigInt(e.xp), 0n);
          if (totalXp === 0n) {
            expect(sum(rewards)).toBe(0n);
            return;
          }
          expect(sum(rewards)).toBe(BigInt(pool) * TOKEN_UNIT);
          entries.forEach((e, i) => {
            const floor = (BigInt(pool) * TOKEN_UNIT * BigInt(e.xp)) / totalXp;
            expect((rewards[i] ?? 0n) - floor).toBeGreaterThanOrEqual(0n);
            expect((rewards[i] ?? 0n) - floor).toBeLessThanOrEqual(1n);
          });
          // The same leaderboard in another order gives everyone the same amount.
          const reversed = allocateRewards([...entries].reverse(), pool).reverse();
          expect(reversed).toEqual(rewards);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("shows base units as a person reads them, derived from the exact amount", () => {
    expect(formatTokenUnits("1853258426966292134831")).toBe("1,853.2584");
    expect(formatTokenUnits(60_000n * TOKEN_UNIT)).toBe("60,000");
    expect(formatTokenUnits(TOKEN_UNIT / 3n)).toBe("0.3333");
    expect(formatTokenUnits("999999999999999999", 2)).toBe("0.99");
    expect(tokenAmountText("1853258426966292134831")).toBe("1853.258426966292134831");
    expect(tokenAmountText(10_000n * TOKEN_UNIT)).toBe("10000");
    expect(unitsToTokens(10_000n * TOKEN_UNIT)).toBe(10_000);
    expect(unitsToTokens("1853258426966292134831")).toBeCloseTo(1853.2584269662921, 10);
  });
});
