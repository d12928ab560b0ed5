import { describe, expect, it } from "vitest";
import { formatCount, formatDate } from "./format";

describe("blog formats, written out instead of Intl", () => {
  it("writes every day of 1999–2032 exactly as Intl's en-US long UTC date does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let t = Date.UTC(1999, 0, 1, 23, 30); t < Date.UTC(2033, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(new Date(t)));
    }
    // The UTC day, whatever the offset the timestamp was written with.
    expect(formatDate("2026-03-01T00:30:00+02:00")).toBe("February 28, 2026");
    expect(formatDate("not a date")).toBe("not a date");
  });

  it("writes whole numbers exactly as Intl's en-US number format does", () => {
    const intl = new Intl.NumberFormat("en-US");
    for (const n of [0, 1, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 987_654_321, Number.MAX_SAFE_INTEGER, -1, -1234, -1_234_567, 1234.5678, 0.5]) {
      expect(formatCount(n), String(n)).toBe(intl.format(n));
    }
  });
});
