import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("blog formats, written out instead of Intl", () => {
  it("writes whole numbers exactly as Intl's en-US number format does", () => {
    const intl = new Intl.NumberFormat("en-US");
    for (const n of [0, 1, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 987_654_321, Number.MAX_SAFE_INTEGER, -1, -1234, -1_234_567, 1234.5678, 0.5]) {
      expect(formatCount(n), String(n)).toBe(intl.format(n));
    }
  });
});
