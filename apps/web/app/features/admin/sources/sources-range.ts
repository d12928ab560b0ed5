import type { SourcesReport } from "@vestin/shared/attribution";
import { SOURCE_RANGE_PRESETS, SOURCES_DEFAULT_DAYS, type SourceInterval } from "@vestin/shared/attribution-core";
import type { LeadKind } from "@vestin/shared/lead-kinds";

const DAY_MS = 86_400_000;
export const NO_SOURCE_LABEL = "No source recorded";
export const OTHER_SOURCES_LABEL = "Other sources";

export type SourcesView = { preset: number | "custom"; from: string; to: string; interval: SourceInterval };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The page's range from its address: `days` = 7, 30 or 90 (ending today, UTC), or `from` and `to`
 * for a custom range; `interval` day or week. Anything else falls back to the last 30 days.
 */
export function sourcesView(params: { get: (key: string) => string }, now = Date.now()): SourcesView {
  const interval: SourceInterval = params.get("interval") === "week" ? "week" : "day";
  const from = params.get("from");
  const to = params.get("to");
  if (isDay(from) && isDay(to)) return { preset: "custom", from, to, interval };
  const days = (SOURCE_RANGE_PRESETS as readonly number[]).includes(Number(params.get("days"))) ? Number(params.get("days")) : SOURCES_DEFAULT_DAYS;
  return { preset: days, from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now), interval };
}

export function sourcesPath(view: SourcesView): string {
  return `/admin/sources${queryString({ from: view.from, to: view.to, interval: view.interval })}`;
}

/** The inbox filtered to one kind of lead of one source and campaign, within the page's range. */
export function inboxLink(kind: LeadKind, source: string, campaign: string | null, view: SourcesView): string {
  return `/admin/leads${queryString({ type: kind === "enquiries" ? undefined : kind, source, campaign: campaign ?? undefined, from: view.from, to: view.to })}`;
}

export const sourceLabel = (source: string | null) => source ?? NO_SOURCE_LABEL;

/**
 * The chart's series: the most frequent sources by name (at most `named`), then every other named
 * source together, then leads and sign-ups without a source. Series without any count are left out.
 */
export function chartSeries(report: Pick<SourcesReport, "series" | "rows">, named = 5): Array<{ key: string; label: string; counts: number[] }> {
  const totals = new Map<string, number>();
  for (const row of report.rows) if (row.source !== null) totals.set(row.source, (totals.get(row.source) ?? 0) + row.leads + row.signups);
  const top = [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, named)
    .map(([source]) => source);
  const topSet = new Set(top);
  const countFor = (match: (source: string | null) => boolean) =>
    report.series.map((p) => p.sources.filter((s) => match(s.source)).reduce((sum, s) => sum + s.leads + s.signups, 0));
  const series = [
    ...top.map((source) => ({ key: `source:${source}`, label: source, counts: countFor((s) => s === source) })),
    { key: "other", label: OTHER_SOURCES_LABEL, counts: countFor((s) => s !== null && !topSet.has(s)) },
    { key: "none", label: NO_SOURCE_LABEL, counts: countFor((s) => s === null) },
  ];
  return series.filter((s) => s.counts.some((n) => n > 0));
}

/** "3 May" for a day; "Week of 5 May" for a week. */
export function periodLabel(period: string, interval: SourceInterval, long = false): string {
  const text = new Date(`${period}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
    ...(long ? { year: "numeric" } : {}),
  });
  return interval === "week" && long ? `Week from ${text}` : text;
}
