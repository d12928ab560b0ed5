import { describe, expect, it } from "vitest";
import { nextRetryDelaySeconds, RETRY_SCHEDULE } from "./schedule.ts";

describe("the webhook retry schedule", () => {
  const start = new Date("2026-12-01T00:00:00.000Z");

  /** Every retry time (seconds after the first attempt) if every attempt fails instantly. */
  function retryTimes(): number[] {
    const times: number[] = [];
    let now = 0;
    for (let attempts = 1; ; attempts += 1) {
      const delay = nextRetryDelaySeconds(RETRY_SCHEDULE, attempts, start, new Date(start.getTime() + now * 1000));
      if (delay === null) return times;
      now += delay;
      times.push(now);
    }
  }

  it("waits 30 s, then doubles the wait up to two hours", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12].map((attempts) => nextRetryDelaySeconds(RETRY_SCHEDULE, attempts, start, start));
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7200, 7200]);
  });

  it("retries for 24 hours after the first attempt and then gives up", () => {
    const times = retryTimes();
    expect(times.at(-1)).toBeLessThanOrEqual(24 * 3600);
    expect(24 * 3600 - (times.at(-1) ?? 0)).toBeLessThan(7200);
    // 8 doubling waits (30 s … 64 min) and 10 of two hours: 18 retries, 19 attempts in all.
    expect(times).toHaveLength(18);
  });

  it("makes no retry that would fall after the window, whatever the attempt count", () => {
    const late = new Date(start.getTime() + (24 * 3600 - 10) * 1000);
    expect(nextRetryDelaySeconds(RETRY_SCHEDULE, 1, start, late)).toBeNull();
    expect(nextRetryDelaySeconds(RETRY_SCHEDULE, 1, start, new Date(start.getTime() + 3600_000))).toBe(30);
  });
});
