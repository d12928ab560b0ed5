import { afterAll, describe, expect, it } from "vitest";
import { formatDate, formatLocalDate, formatLocalDateTime } from "./format-date.ts";

/** Every day from 1999 to 2032, half an hour later each day, so every hour of both halves of the day occurs. */
function* moments(): Generator<Date> {
  for (let t = Date.UTC(1999, 0, 1, 23, 30); t < Date.UTC(2033, 0, 1); t += 86_400_000 + 1_800_000) yield new Date(t);
}

describe("dates written out instead of Intl", () => {
  const zone = process.env.TZ;
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("writes the UTC date exactly as Intl's en-US long and medium UTC dates do", () => {
    const long = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    for (const moment of moments()) {
      const iso = moment.toISOString();
      expect(formatDate(iso), iso).toBe(long.format(moment));
      expect(formatDate(iso, "short"), iso).toBe(short.format(moment));
    }
    // The UTC day, whatever the offset the timestamp was written with.
    expect(formatDate("2026-03-01T00:30:00+02:00")).toBe("February 28, 2026");
  });

  it.each([
    ["America/New_York", 300],
    ["Asia/Kolkata", -330],
  ])("writes a personal view's date and time in the reader's time zone (%s)", (readerZone, offsetMinutes) => {
    process.env.TZ = readerZone;
    expect(new Date("2026-01-15T12:00:00Z").getTimezoneOffset()).toBe(offsetMinutes);
    const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
    const short = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
    const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
    for (const moment of moments()) {
      const iso = moment.toISOString();
      expect(formatLocalDate(iso), iso).toBe(long.format(moment));
      expect(formatLocalDate(iso, "short"), iso).toBe(short.format(moment));
      expect(formatLocalDateTime(iso), iso).toBe(dateTime.format(moment));
    }
    expect(formatLocalDateTime("2026-03-01T00:30:00Z")).not.toBe(formatLocalDateTime("2026-03-01T00:30:00+02:00"));
  });

  it("returns text that is not a date as it came", () => {
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatLocalDate("not a date")).toBe("not a date");
    expect(formatLocalDateTime("not a date")).toBe("not a date");
  });
});
