import type { ReactNode } from "react";
import { CHART_AXIS, CHART_GRID } from "../dashboard/chart-palette";

/** 0, a round step and its multiples up to the highest value (at least 1, so an empty range still draws). */
export function yTicks(max: number): number[] {
  const top = Math.max(1, max);
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? magnitude * 10);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

/** Which columns get an axis label: the first, the last and evenly spaced ones between, at most `most`. */
function labelledIndexes(count: number, most: number): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = (count - 1) / (most - 1);
  return new Set(Array.from({ length: most }, (_, i) => Math.round(i * step)));
}

/**
 * The plot of a console chart in hand-written SVG (no chart library): one column per day or week,
 * stretched to the width, with the axis text in HTML beside and under it so it keeps its size on a
 * phone. The SVG is one image named by `title` and `summary`; `children` draw the marks in plot
 * units (x: column index, y: `top` minus the value), and `defs` any gradients they use.
 */
export function ChartFrame({
  id,
  heightClass,
  ticks,
  columns,
  xLabels,
  title,
  summary,
  defs,
  children,
}: {
  /** A unique prefix for the SVG's title, description and defs. */
  id: string;
  /** The plot's height, shared by the y axis ("h-48 sm:h-56"). */
  heightClass: string;
  /** From yTicks(); the last is the top of the plot. */
  ticks: number[];
  /** How many columns the width is divided into (at least 1). */
  columns: number;
  /** One label per column, keyed; six are shown where there is room, three on a phone. */
  xLabels: Array<{ key: string; text: string }>;
  title: string;
  summary: string;
  defs?: ReactNode;
  children: ReactNode;
}) {
  const top = ticks.at(-1) ?? 1;
  const labelled = labelledIndexes(xLabels.length, 6);
  const labelledOnPhone = labelledIndexes(xLabels.length, 3);
  const many = xLabels.length > 1;
  return (
    <div className="flex gap-2">
      {/* The y axis: HTML text beside the plot, aligned with the grid lines. */}
      <div aria-hidden="true" className={`relative w-8 shrink-0 text-right text-[11px] tabular-nums ${heightClass}`} style={{ color: CHART_AXIS }}>
        {ticks.map((tick) => (
          <span key={tick} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${100 - (tick / top) * 100}%` }}>
            {tick.toLocaleString("en-US")}
          </span>
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${columns} ${top}`}
          preserveAspectRatio="none"
          className={`block w-full overflow-visible ${heightClass}`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {defs && <defs>{defs}</defs>}
          {ticks.map((tick) => (
            <line key={tick} x1={0} x2={columns} y1={top - tick} y2={top - tick} stroke={CHART_GRID} strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {children}
        </svg>
        {/* The x axis: a few labels under their columns. */}
        <div aria-hidden="true" className="relative mt-1.5 h-4 text-[11px] whitespace-nowrap" style={{ color: CHART_AXIS }}>
          {xLabels.map((label, i) =>
            labelled.has(i) || labelledOnPhone.has(i) ? (
              <span
                key={label.key}
                className={labelled.has(i) && labelledOnPhone.has(i) ? "absolute" : labelled.has(i) ? "absolute hidden sm:inline" : "absolute sm:hidden"}
                style={{
                  left: `${((i + 0.5) / columns) * 100}%`,
                  transform: i === 0 && many ? "translateX(-15%)" : i === xLabels.length - 1 && many ? "translateX(-85%)" : "translateX(-50%)",
                }}
              >
                {label.text}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}

/** A column of a FiguresTable: its heading, or a key and a heading when headings may repeat. */
type FiguresColumn = string | { key: string; label: string };

/**
 * A chart's figures as a table, folded away under `summary`: for screen readers and for anyone who
 * wants exact numbers. Rows come oldest first, as the chart draws them, and show newest first
 * unless `oldestFirst`.
 */
export function FiguresTable({
  summary = "Daily figures as a table",
  label,
  firstColumn = "Day",
  columns,
  rows,
  oldestFirst = false,
  className,
}: {
  summary?: string;
  /** The scroll region's name ("Leads per day"). */
  label: string;
  firstColumn?: string;
  columns: FiguresColumn[];
  /** One value per column; `label` heads the row (the day), `key` when labels may repeat. */
  rows: Array<{ key?: string; label: string; values: number[] }>;
  oldestFirst?: boolean;
  /** Extra classes for the table (a minimum width when there are many columns). */
  className?: string;
}) {
  const heads = columns.map((column) => (typeof column === "string" ? { key: column, label: column } : column));
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded font-medium text-ink">{summary}</summary>
      <div role="region" aria-label={label} tabIndex={0} className="mt-2 max-h-80 overflow-auto rounded-lg border border-line">
        <table className={`w-full border-collapse text-left text-xs tabular-nums ${className ?? ""}`}>
          <thead className="sticky top-0 bg-surface">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {firstColumn}
              </th>
              {heads.map((head) => (
                <th key={head.key} scope="col" className="max-w-[10rem] truncate px-3 py-2 text-right font-semibold">
                  {head.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(oldestFirst ? rows : [...rows].reverse()).map((row) => (
              <tr key={row.key ?? row.label} className="border-t border-line">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  {row.label}
                </th>
                {row.values.map((value, i) => (
                  <td key={heads[i]?.key} className="px-3 py-1.5 text-right">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
