import { describe, expect, it } from "vitest";
import { memoryTrend, type Sample } from "./memory-trend.ts";

const limits = { warmupSeconds: 60, maxGrowth: 0.1, maxSlopeMbPerMin: 1, noiseMb: 4 };
/** One sample every 10 s for `minutes`, from a function of the minute. */
const run = (minutes: number, rss: (minute: number) => number): Sample[] =>
  Array.from({ length: minutes * 6 + 1 }, (_, i) => ({ at: i * 10, rssMb: rss((i * 10) / 60) }));

describe("memoryTrend", () => {
  it("passes a server that warms up, then holds steady with GC noise", () => {
    const samples = run(10, (m) => (m < 1 ? 80 + 40 * m : 120 + (Math.round(m * 6) % 3) * 2));
    expect(memoryTrend(samples, limits).problems).toEqual([]);
  });

  it("fails a slow leak that both measures see", () => {
    const verdict = memoryTrend(
      run(10, (m) => 120 + 3 * m),
      limits,
    );
    expect(verdict.slopeMbPerMin).toBeCloseTo(3, 5);
    expect(verdict.problems).toHaveLength(2);
  });

  it("fails a climb late in the run even when the thirds stay close", () => {
    const verdict = memoryTrend(
      run(10, (m) => (m < 7 ? 120 : 120 + 2 * (m - 7))),
      limits,
    );
    expect(verdict.growth).toBeLessThan(0.1);
    expect(verdict.problems.join()).toMatch(/MB\/min/);
  });

  it("does not read a collection's few MB at the end of a short run as a trend", () => {
    const samples = [286, 335, 359, 355, 345, 345, 345, 346].map((rssMb, i) => ({ at: i * 10, rssMb }));
    const verdict = memoryTrend(samples, { ...limits, warmupSeconds: 12 });
    expect(verdict.slopeMbPerMin).toBeGreaterThan(1);
    expect(verdict.problems).toEqual([]);
  });

  it("refuses to judge a run too short to have a trend", () => {
    expect(
      memoryTrend(
        [
          { at: 0, rssMb: 100 },
          { at: 70, rssMb: 100 },
        ],
        limits,
      ).problems.join(),
    ).toMatch(/too few/);
  });
});
