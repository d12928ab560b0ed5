import { describe, expect, it } from "vitest";
import { exportFileName, formatLastSeen, minutesSince, orderSessions, sessionDetails } from "./format";
import { fieldErrorsOf } from "./field-errors";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("session wording", () => {
  it("says Active now under two minutes, then minutes, hours, days, then the date", () => {
    expect(formatLastSeen(ago(30_000), NOW)).toBe("Active now");
    expect(formatLastSeen(ago(5 * 60_000), NOW)).toBe("5 minutes ago");
    expect(formatLastSeen(ago(3 * 3_600_000), NOW)).toBe("3 hours ago");
    expect(formatLastSeen(ago(26 * 3_600_000), NOW)).toBe("yesterday");
    expect(formatLastSeen(ago(4 * 86_400_000), NOW)).toBe("4 days ago");
    expect(formatLastSeen("2026-01-02T12:00:00Z", NOW)).toBe("January 2, 2026");
    expect(formatLastSeen("not a date", NOW)).toBe("not a date");
  });

  it("counts whole minutes since a sign-in, never negative", () => {
    expect(minutesSince(ago(9 * 60_000 + 59_000), NOW)).toBe(9);
    expect(minutesSince(new Date(NOW + 60_000).toISOString(), NOW)).toBe(0);
    expect(minutesSince("garbage", NOW)).toBe(Number.POSITIVE_INFINITY);
  });

  it("lists the device type, browser and system it knows", () => {
    expect(sessionDetails({ deviceType: "desktop", browser: "Chrome 142", os: "macOS" })).toBe("Computer · Chrome 142 · macOS");
    expect(sessionDetails({ deviceType: "mobile", browser: null, os: "iOS" })).toBe("Phone · iOS");
    expect(sessionDetails({ deviceType: "other", browser: " ", os: null })).toBe("Other device");
  });

  it("puts this device first, then the most recently seen", () => {
    const s = (id: string, lastSeenAt: string, current = false) => ({
      id,
      device: id,
      browser: null,
      os: null,
      deviceType: "desktop" as const,
      createdAt: lastSeenAt,
      lastSeenAt,
      current,
    });
    const ordered = orderSessions([s("old", "2026-01-01T00:00:00Z"), s("here", "2026-01-02T00:00:00Z", true), s("new", "2026-03-01T00:00:00Z")]);
    expect(ordered.map((x) => x.id)).toEqual(["here", "new", "old"]);
  });
});

describe("the export's file name", () => {
  it("comes from Content-Disposition, quoted, bare or RFC 5987", () => {
    expect(exportFileName('attachment; filename="vestin-data-2026-03-10.json"')).toBe("vestin-data-2026-03-10.json");
    expect(exportFileName("attachment; filename=my-data.json")).toBe("my-data.json");
    expect(exportFileName("attachment; filename*=UTF-8''donn%C3%A9es.json")).toBe("données.json");
  });

  it("never carries a path, and falls back to a dated name", () => {
    expect(exportFileName('attachment; filename="../../etc/x.json"')).toBe(".._.._etc_x.json");
    expect(exportFileName(null, new Date("2026-03-10T08:00:00Z"))).toBe("vestin-my-data-2026-03-10.json");
    expect(exportFileName("attachment; filename*=UTF-8''%E0%A4%A", new Date("2026-03-10T08:00:00Z"))).toBe("vestin-my-data-2026-03-10.json");
  });
});

describe("field errors", () => {
  it("keeps the first message per field", () => {
    expect(
      fieldErrorsOf([
        { path: ["firstName"], message: "First name is required" },
        { path: ["firstName"], message: "second" },
        { path: [], message: "whole form" },
      ]),
    ).toEqual({ firstName: "First name is required", form: "whole form" });
  });
});
