import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./backoff.ts";

describe("exponential backoff", () => {
  it("waits the first delay after one failed try, then doubles it each time", () => {
    expect([1, 2, 3, 4, 5].map((failedTries) => backoffSeconds(5, 3600, failedTries))).toEqual([5, 10, 20, 40, 80]);
  });

  it("never waits longer than the longest delay", () => {
    expect([9, 10, 11, 40].map((failedTries) => backoffSeconds(5, 3600, failedTries))).toEqual([1280, 2560, 3600, 3600]);
  });

  it("waits the first delay before any try has failed", () => {
    expect(backoffSeconds(30, 7200, 0)).toBe(30);
  });
});
