import { useId } from "react";
import type { SourcesReport } from "@vestin/shared/attribution";
import { CHART_AXIS, CHART_GRID } from "../dashboard/chart-palette";
import { chartSeries, NO_SOURCE_LABEL, OTHER_SOURCES_LABEL, periodLabel } from "./sources-range";

/** Named sources take the brand teal and violet, then calm companions; "other" and "none" are greys. */
const SOURCE_COLORS = ["#0f766e", "#7c3aed", "#0ea5e9", "#f59e0b", "#e11d48"];
const colorOf = (label: string, index: number) =>
  label === OTHER_SOURCES_LABEL ? "#64748b" : label === NO_SOURCE_LABEL ? "#cbd5e1" : (SOURCE_COLORS[index] ?? "#64748b");

/** 0, a round step and its multiples up to the tallest bar (at least 1, so an empty range still draws). */
function yTicks(max: number): number[] {
  const top = Math.max(1, max);
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? magnitude * 10);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

/** Which periods get an axis label: the first, the last and evenly spaced ones between, at most `most`. */
function labelledIndexes(count: number, most: number): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = (count - 1) / (most - 1);
  return new Set(Array.from({ length: most }, (_, i) => Math.round(i * step)));
}

/**
 * Leads and sign-ups per period, stacked by source: hand-written SVG (no chart library), its
 * bars stretched to the width with the axis text in HTML, so labels keep their size on a phone.
 * The SVG is one image with a title and a summary; the page's tables carry the same numbers.
 */
export function SourcesChart({ report }: { report: SourcesReport }) {
  const id = useId();
  const series = chartSeries(report);
  const periods = report.series;
  const stackTotals = periods.map((_, i) => series.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0));
  const ticks = yTicks(Math.max(0, ...stackTotals));
  const top = ticks.at(-1) ?? 1;
  // Six labels where there is room, three on a phone (the others are hidden below the sm breakpoint).
  const labelled = labelledIndexes(periods.length, 6);
  const labelledOnPhone = labelledIndexes(periods.length, 3);
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
      <div className="flex gap-2">
        {/* The y axis: HTML text beside the plot, aligned with the grid lines. */}
        <div aria-hidden="true" className="relative h-56 w-8 shrink-0 text-right text-[11px] tabular-nums sm:h-64" style={{ color: CHART_AXIS }}>
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${100 - (tick / top) * 100}%` }}>
              {tick}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            viewBox={`0 0 ${periods.length} ${top}`}
            preserveAspectRatio="none"
            className="block h-56 w-full overflow-visible sm:h-64"
          >
            <title id={`${id}-title`}>{`Leads and sign-ups per ${unit} by source`}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={periods.length}
                y1={top - tick}
                y2={top - tick}
                stroke={CHART_GRID}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
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
          </svg>
          {/* The x axis: a few period labels under their bars. */}
          <div aria-hidden="true" className="relative mt-1.5 h-4 text-[11px] whitespace-nowrap" style={{ color: CHART_AXIS }}>
            {periods.map((period, i) =>
              labelled.has(i) || labelledOnPhone.has(i) ? (
                <span
                  key={period.period}
                  className={labelled.has(i) && labelledOnPhone.has(i) ? "absolute" : labelled.has(i) ? "absolute hidden sm:inline" : "absolute sm:hidden"}
                  style={{
                    left: `${((i + 0.5) / periods.length) * 100}%`,
                    transform:
                      i === 0 && periods.length > 1
                        ? "translateX(-15%)"
                        : i === periods.length - 1 && periods.length > 1
                          ? "translateX(-85%)"
                          : "translateX(-50%)",
                  }}
                >
                  {periodLabel(period.period, report.interval)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
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
