import { useId } from "react";
import type { SourcesReport } from "@vestin/shared/attribution";
import { ChartFrame, yTicks } from "../components/chart-frame";
import { chartSeries, NO_SOURCE_LABEL, OTHER_SOURCES_LABEL, periodLabel } from "./sources-range";

/** Named sources take the brand teal and violet, then calm companions; "other" and "none" are greys. */
const SOURCE_COLORS = ["#0f766e", "#7c3aed", "#0ea5e9", "#f59e0b", "#e11d48"];
const colorOf = (label: string, index: number) =>
  label === OTHER_SOURCES_LABEL ? "#64748b" : label === NO_SOURCE_LABEL ? "#cbd5e1" : (SOURCE_COLORS[index] ?? "#64748b");

/**
 * Leads and sign-ups per period, stacked by source, drawn in the console's ChartFrame (SVG bars
 * stretched to the width, axis text in HTML so labels keep their size on a phone). The SVG is one
 * image with a title and a summary; the page's tables carry the same numbers.
 */
export function SourcesChart({ report }: { report: SourcesReport }) {
  const id = useId();
  const series = chartSeries(report);
  const periods = report.series;
  const stackTotals = periods.map((_, i) => series.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0));
  const ticks = yTicks(Math.max(0, ...stackTotals));
  const top = ticks.at(-1) ?? 1;
  const total = stackTotals.reduce((a, b) => a + b, 0);
  const busiest = stackTotals.indexOf(Math.max(...stackTotals));
  const unit = report.interval === "week" ? "week" : "day";
  const summary =
    total === 0
      ? `No leads or sign-ups from ${report.from} to ${report.to}.`
      : `${total.toLocaleString("en-US")} leads and sign-ups from ${report.from} to ${report.to}, per ${unit}, stacked by source: ` +
        series.map((s) => `${s.label} ${s.counts.reduce((a, b) => a + b, 0)}`).join(", ") +
        `. The busiest ${unit} was ${periodLabel(periods[busiest]?.period ?? report.from, report.interval, true)} with ${stackTotals[busiest]}.`;

  return (
    <figure>
      <ChartFrame
        id={id}
        heightClass="h-56 sm:h-64"
        ticks={ticks}
        columns={periods.length}
        xLabels={periods.map((period) => ({ key: period.period, text: periodLabel(period.period, report.interval) }))}
        title={`Leads and sign-ups per ${unit} by source`}
        summary={summary}
      >
        {periods.map((period, i) => {
          let base = top;
          const width = periods.length > 60 ? 0.86 : 0.68;
          return (
            <g key={period.period}>
              <title>{`${periodLabel(period.period, report.interval, true)}: ${stackTotals[i]} (${period.leads} leads, ${period.signups} sign-ups)`}</title>
              {/* A transparent column, so the tooltip shows anywhere over the period. */}
              <rect x={i} y={0} width={1} height={top} fill="transparent" />
              {series.map((s, index) => {
                const value = s.counts[i] ?? 0;
                if (!value) return null;
                base -= value;
                return <rect key={s.key} x={i + (1 - width) / 2} y={base} width={width} height={value} fill={colorOf(s.label, index)} />;
              })}
            </g>
          );
        })}
      </ChartFrame>
      <figcaption className="mt-4">
        <span className="sr-only">Legend: </span>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted">
          {series.map((s, index) => (
            <li key={s.key} className="flex min-w-0 items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: colorOf(s.label, index) }} />
              <span className="max-w-[14rem] truncate">{s.label}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
