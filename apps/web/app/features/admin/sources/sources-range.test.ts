import { describe, expect, it } from "vitest";
import { chartSeries, inboxLink, sourcesPath, sourcesView } from "./sources-range";

const NOW = Date.parse("2026-05-10T15:00:00Z");
const params = (values: Record<string, string>) => ({ get: (key: string) => values[key] ?? "" });

describe("the Sources page's range", () => {
  it("is the last 30 days by default, a preset of 7 or 90, or a custom range", () => {
    expect(sourcesView(params({}), NOW)).toEqual({ preset: 30, from: "2026-04-11", to: "2026-05-10", interval: "day" });
    expect(sourcesView(params({ days: "7", interval: "week" }), NOW)).toEqual({ preset: 7, from: "2026-05-04", to: "2026-05-10", interval: "week" });
    expect(sourcesView(params({ days: "12" }), NOW).preset).toBe(30);
    expect(sourcesView(params({ from: "2026-01-01", to: "2026-02-01" }), NOW)).toEqual({
      preset: "custom",
      from: "2026-01-01",
      to: "2026-02-01",
      interval: "day",
    });
    expect(sourcesView(params({ from: "2026-01-01", to: "soon" }), NOW).preset).toBe(30);
  });

  it("asks the API for that range and links into the inbox with the same filter", () => {
    const view = sourcesView(params({ days: "7" }), NOW);
    expect(sourcesPath(view)).toBe("/admin/sources?from=2026-05-04&to=2026-05-10&interval=day");
    expect(inboxLink("presale", "news letter", "spring", view)).toBe(
      "/admin/leads?type=presale&source=news+letter&campaign=spring&from=2026-05-04&to=2026-05-10",
    );
    expect(inboxLink("enquiries", "x", null, view)).toBe("/admin/leads?source=x&from=2026-05-04&to=2026-05-10");
  });
});

describe("the chart's series", () => {
  it("keeps the top sources by name, groups the rest, and shows leads without a source apart", () => {
    const row = (source: string | null, leads: number) => ({
      source,
      campaign: null,
      leads,
      signups: 0,
      byKind: { enquiries: leads, partnerships: 0, presale: 0, waitlist: 0, "airdrop-claims": 0 },
    });
    const report = {
      rows: [row("a", 5), row("b", 4), row("c", 1), row(null, 2)],
      series: [
        {
          period: "2026-05-01",
          leads: 7,
          signups: 0,
          sources: [
            { source: "a", leads: 5, signups: 0 },
            { source: null, leads: 2, signups: 0 },
          ],
        },
        {
          period: "2026-05-02",
          leads: 5,
          signups: 0,
          sources: [
            { source: "b", leads: 4, signups: 0 },
            { source: "c", leads: 1, signups: 0 },
          ],
        },
      ],
    };
    expect(chartSeries(report, 2)).toEqual([
      { key: "source:a", label: "a", counts: [5, 0] },
      { key: "source:b", label: "b", counts: [0, 4] },
      { key: "other", label: "Other sources", counts: [0, 1] },
      { key: "none", label: "No source recorded", counts: [2, 0] },
    ]);
  });
});
