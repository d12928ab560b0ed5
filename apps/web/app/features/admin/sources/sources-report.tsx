import { CalendarRange } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { SourcesReport as Report } from "@vestin/shared/attribution";
import { SOURCE_RANGE_PRESETS } from "@vestin/shared/attribution-core";
import { LEAD_KINDS } from "@vestin/shared/lead-kinds";
import { cn } from "~/lib/cn";
import { AdminInput, AdminSelect } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { FiguresTable } from "../components/chart-frame";
import { HeadRow, RowTh, TableFrame, TBody, Td, Th, THead, Tr } from "../components/data-table";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { LEAD_TYPES } from "../leads/lead-types";
import { SourcesChart } from "./sources-chart";
import { chartSeries, inboxLink, periodLabel, sourceLabel, sourcesPath, sourcesView, type SourcesView } from "./sources-range";

const n = (value: number) => value.toLocaleString("en-US");
const count = (value: number, noun: string) => `${n(value)} ${noun}${value === 1 ? "" : "s"}`;
/** Column headings of the source table: sentence case, so nine columns fit beside the console's menu. */
/** Column heads in their own case, as the report has always shown them. */
const headCase = "normal-case tracking-normal";

/** Leads and sign-ups by campaign source: a date range, the figures, a chart over time, a table by source and campaign. */
export function SourcesReport() {
  const { get, set } = useSearchState();
  const view = sourcesView({ get });
  const report = useAdminQuery<Report>(sourcesPath(view));
  const data = report.data;

  return (
    <>
      <AdminPageTitle
        title="Sources"
        description="Where leads and sign-ups came from: the utm_source and utm_campaign of each person's first visit, kept in the browser after analytics consent. Days are UTC."
      />
      <RangeControls view={view} onChange={set} />
      {report.error && <LoadError message={report.error} status={report.status} onRetry={report.reload} />}
      {!data ? (
        !report.error && <LoadingBlock label="Loading the sources…" rows={6} />
      ) : (
        <div className={cn("mt-6 space-y-6 transition-opacity", report.loading && "opacity-60")} aria-busy={report.loading}>
          <Totals report={data} />
          <Panel title={`Leads and sign-ups per ${data.interval} by source`}>
            <SourcesChart report={data} />
            <PeriodTable report={data} />
          </Panel>
          <Panel title="By source and campaign">
            <SourceTable report={data} view={view} />
          </Panel>
        </div>
      )}
    </>
  );
}

function RangeControls({ view, onChange }: { view: SourcesView; onChange: (changes: Record<string, string | null>) => void }) {
  const [custom, setCustom] = useState(view.preset === "custom");
  const showDates = custom || view.preset === "custom";
  return (
    <section aria-label="Date range" className="flex flex-col gap-3 rounded-xl border border-line bg-white p-3 lg:flex-row lg:flex-wrap lg:items-end">
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-ink">Range</legend>
        <div className="grid grid-cols-4 gap-1.5 sm:flex">
          {SOURCE_RANGE_PRESETS.map((days) => (
            <PresetButton
              key={days}
              pressed={view.preset === days && !custom}
              onClick={() => {
                setCustom(false);
                onChange({ days: days === 30 ? null : String(days), from: null, to: null });
              }}
            >
              {days} days
            </PresetButton>
          ))}
          <PresetButton pressed={showDates} onClick={() => setCustom(true)}>
            <CalendarRange aria-hidden="true" className="hidden size-4 sm:block" /> Custom
          </PresetButton>
        </div>
      </fieldset>
      {showDates && (
        <div className="grid grid-cols-2 gap-3 lg:w-80">
          <AdminInput
            label="From (UTC)"
            type="date"
            value={view.from}
            max={view.to}
            onChange={(event) => event.target.value && onChange({ from: event.target.value, to: view.to, days: null })}
          />
          <AdminInput
            label="To (UTC)"
            type="date"
            value={view.to}
            min={view.from}
            onChange={(event) => event.target.value && onChange({ from: view.from, to: event.target.value, days: null })}
          />
        </div>
      )}
      <AdminSelect
        wrapperClassName="lg:ml-auto lg:w-40"
        label="Count per"
        value={view.interval}
        onChange={(event) => onChange({ interval: event.target.value === "week" ? "week" : null })}
      >
        <option value="day">Day</option>
        <option value="week">Week</option>
      </AdminSelect>
    </section>
  );
}

function PresetButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-10 items-center justify-center gap-1.5 rounded-lg border px-2 text-sm font-medium whitespace-nowrap sm:px-3.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet",
        pressed ? "border-ink bg-ink text-white" : "border-line bg-white text-ink hover:border-slate-300 hover:bg-surface",
      )}
    >
      {children}
    </button>
  );
}

function Totals({ report }: { report: Report }) {
  const all = report.totals.leads + report.totals.signups;
  const share = all ? Math.round((report.totals.withSource / all) * 100) : 0;
  const top = report.rows.find((row) => row.source !== null);
  const cards: Array<[label: string, value: string, note: string]> = [
    [
      "Leads",
      n(report.totals.leads),
      LEAD_KINDS.filter((k) => report.totals.byKind[k])
        // Each kind as its inbox tab says it, with its count ("Partners 1", never "1 partners").
        .map((k) => `${LEAD_TYPES[k].tab} ${n(report.totals.byKind[k])}`)
        .join(" · ") || "none in this range",
    ],
    ["Sign-ups", n(report.totals.signups), "new accounts"],
    ["With a source", `${share}%`, `${n(report.totals.withSource)} of ${n(all)} carried a utm_source`],
    [
      "Top source",
      top ? (top.source ?? "") : "—",
      top ? `${count(top.leads, "lead")}, ${count(top.signups, "sign-up")}${top.campaign ? ` · ${top.campaign}` : ""}` : "no campaign traffic yet",
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {cards.map(([label, value, note]) => (
        <div key={label} className="min-w-0 rounded-xl border border-line bg-white p-4">
          <dt className="text-sm font-medium text-muted">{label}</dt>
          <dd className={cn("mt-1.5 truncate font-bold tabular-nums text-ink", label === "Top source" ? "py-0.5 text-xl" : "text-2xl")} title={value}>
            {value}
          </dd>
          <dd className="mt-1 text-xs leading-relaxed text-muted">{note}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart's numbers, period by period, for screen readers and for anyone who wants them exact. */
function PeriodTable({ report }: { report: Report }) {
  const series = chartSeries(report);
  return (
    <FiguresTable
      summary="The chart's figures as a table"
      label={`Leads and sign-ups per ${report.interval}`}
      firstColumn={report.interval === "week" ? "Week from" : "Day"}
      columns={["Leads", "Sign-ups", ...series.map((s) => ({ key: s.key, label: s.label }))]}
      rows={report.series.map((point, i) => ({
        key: point.period,
        label: periodLabel(point.period, report.interval, true),
        values: [point.leads, point.signups, ...series.map((s) => s.counts[i] ?? 0)],
      }))}
      oldestFirst
    />
  );
}

/** One row per source and campaign; each count opens those leads in the inbox. On phones each row is a card. */
function SourceTable({ report, view }: { report: Report; view: SourcesView }) {
  if (report.rows.length === 0) return <p className="text-sm text-muted">No leads or sign-ups in this range.</p>;
  return (
    <TableFrame label="Leads and sign-ups by source and campaign" className="sm:rounded-lg">
      <caption className="sr-only">Leads by kind and sign-ups for each source and campaign, most first. A count opens those leads in the inbox.</caption>
      <THead>
        <HeadRow>
          <Th className={headCase}>Source</Th>
          <Th className={headCase}>Campaign</Th>
          {LEAD_KINDS.map((kind) => (
            <Th key={kind} className={cn(headCase, "text-right")}>
              {LEAD_TYPES[kind].tab}
            </Th>
          ))}
          <Th className={cn(headCase, "text-right")}>Leads</Th>
          <Th className={cn(headCase, "text-right")}>Sign-ups</Th>
        </HeadRow>
      </THead>
      <TBody>
        {report.rows.map((row) => (
          <Tr key={`${row.source}\u0000${row.campaign}`} className="hover:bg-surface">
            <RowTh
              label="Source"
              title={row.source ?? undefined}
              className={cn("max-w-[12rem] truncate font-medium max-sm:max-w-none", row.source === null && "font-normal text-muted")}
            >
              <span className={cn(row.source === null && "italic")}>{sourceLabel(row.source)}</span>
            </RowTh>
            <Td label="Campaign" title={row.campaign ?? undefined} className={cn("max-w-[12rem] truncate max-sm:max-w-none", !row.campaign && "text-muted")}>
              {row.campaign ?? "—"}
            </Td>
            {LEAD_KINDS.map((kind) => (
              <Td key={kind} label={LEAD_TYPES[kind].tab} className={cn("text-right tabular-nums", !row.byKind[kind] && "text-slate-400")}>
                {row.byKind[kind] && row.source !== null ? (
                  <Link
                    to={inboxLink(kind, row.source, row.campaign, view)}
                    className="font-medium text-brand-violet underline-offset-2 hover:underline"
                    aria-label={`${row.byKind[kind]} ${LEAD_TYPES[kind].noun} from ${row.source}${row.campaign ? `, campaign ${row.campaign}` : ""}: open in the inbox`}
                  >
                    {n(row.byKind[kind])}
                  </Link>
                ) : (
                  n(row.byKind[kind])
                )}
              </Td>
            ))}
            <Td label="Leads" className="text-right font-semibold tabular-nums">
              {n(row.leads)}
            </Td>
            <Td label="Sign-ups" className="text-right font-semibold tabular-nums">
              {n(row.signups)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </TableFrame>
  );
}
