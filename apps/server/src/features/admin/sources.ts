import type { Kysely } from "kysely";
import {
  SOURCES_DEFAULT_DAYS,
  SOURCES_MAX_DAYS,
  SOURCES_MESSAGES,
  type SourceInterval,
  type SourcesQuery,
  type SourcesReport,
} from "@vestin/shared/attribution";
import { LEAD_KINDS, type LeadKind } from "@vestin/shared/lead-kinds";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { signupsBySourceAndDay } from "../accounts/index.ts";
import { leadsInbox } from "../leads/index.ts";

const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The report's days: `to` defaults to today (UTC), `from` to 30 days ending on `to`; at most 366 days, never reversed. */
export function sourcesRange(query: Pick<SourcesQuery, "from" | "to">, today = new Date()): { from: string; to: string } {
  const to = query.to ?? dayOf(today.getTime());
  const from = query.from ?? dayOf(timeOf(to) - (SOURCES_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) throw badRequest(SOURCES_MESSAGES.rangeReversed, { from: SOURCES_MESSAGES.rangeReversed });
  if ((timeOf(to) - timeOf(from)) / DAY_MS + 1 > SOURCES_MAX_DAYS) throw badRequest(SOURCES_MESSAGES.rangeTooLong, { from: SOURCES_MESSAGES.rangeTooLong });
  return { from, to };
}

/** The first day of every period of the range: each day, or each week from Monday (the first week starts on `from`). */
export function periodStarts(from: string, to: string, interval: SourceInterval): string[] {
  const out: string[] = [];
  const last = timeOf(to);
  for (let t = timeOf(from); t <= last; t += DAY_MS) {
    const day = dayOf(t);
    if (interval === "day" || day === from || new Date(t).getUTCDay() === 1) out.push(day);
  }
  return out;
}

type Counted = { kind: LeadKind | "signups"; day: string; source: string | null; campaign: string | null; n: number };
type KindCounts = Record<LeadKind, number>;

const zeroKinds = (): KindCounts => Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as KindCounts;

/** Adds `n` to a tally's sign-ups, or to its leads (and their kind, where it counts kinds). */
function add(tally: { leads: number; signups: number; byKind?: KindCounts }, kind: Counted["kind"], n: number): void {
  if (kind === "signups") {
    tally.signups += n;
    return;
  }
  tally.leads += n;
  if (tally.byKind) tally.byKind[kind] += n;
}

/**
 * Leads (by kind) and sign-ups by source (utm_source) and campaign (utm_campaign), over the
 * range's days or weeks. One grouped count per table, added up here, so the same SQL serves
 * SQLite and PostgreSQL; a year of days times a few sources stays small.
 */
export async function sourcesReport(db: Kysely<DB>, query: { from: string; to: string; interval: SourceInterval }): Promise<SourcesReport> {
  const { from, to, interval } = query;
  const start = `${from}T00:00:00.000Z`;
  const end = `${dayOf(timeOf(to) + DAY_MS)}T00:00:00.000Z`;
  const counted: Counted[] = [];
  const inbox = leadsInbox(db);
  for (const kind of LEAD_KINDS) for (const row of await inbox.bySourceAndDay(kind, start, end)) counted.push({ kind, ...row });
  for (const row of await signupsBySourceAndDay(db, start, end)) counted.push({ kind: "signups", ...row });

  const starts = periodStarts(from, to, interval);
  const periodOf = (day: string) => starts.findLast((s) => s <= day) ?? from;
  const series = new Map(
    starts.map((period) => [period, { period, leads: 0, signups: 0, bySource: new Map<string | null, { leads: number; signups: number }>() }]),
  );
  const rows = new Map<string, { source: string | null; campaign: string | null; byKind: KindCounts; leads: number; signups: number }>();
  const totals = { leads: 0, signups: 0, byKind: zeroKinds(), withSource: 0 };

  for (const c of counted) {
    const point = series.get(periodOf(c.day));
    if (point) {
      const bySource = point.bySource.get(c.source) ?? { leads: 0, signups: 0 };
      add(point, c.kind, c.n);
      add(bySource, c.kind, c.n);
      point.bySource.set(c.source, bySource);
    }
    const key = JSON.stringify([c.source, c.campaign]);
    const row = rows.get(key) ?? { source: c.source, campaign: c.campaign, byKind: zeroKinds(), leads: 0, signups: 0 };
    add(row, c.kind, c.n);
    rows.set(key, row);

    add(totals, c.kind, c.n);
    if (c.source !== null) totals.withSource += c.n;
  }

  const bySize = (a: { leads: number; signups: number }, b: { leads: number; signups: number }) => b.leads + b.signups - (a.leads + a.signups);
  // Named sources before "none recorded", then by name, so equal counts keep a stable order.
  const byName = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b));
  return {
    from,
    to,
    interval,
    totals,
    series: [...series.values()].map(({ bySource, ...point }) => ({
      ...point,
      sources: [...bySource].map(([source, n]) => ({ source, ...n })).sort((a, b) => bySize(a, b) || byName(a.source, b.source)),
    })),
    rows: [...rows.values()].sort((a, b) => bySize(a, b) || byName(a.source, b.source) || byName(a.campaign, b.campaign)),
  };
}
