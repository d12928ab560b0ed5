import { useId } from "react";
import type { SubscriberDay } from "@vestin/shared/newsletter";
import { CHART_AXIS, CHART_GRID } from "../dashboard/chart-palette";

const LINE = "#0f766e"; // --color-brand-teal-dark
const FILL_TOP = "#14b8a6"; // --color-brand-teal
const FILL_BOTTOM = "#7c3aed"; // --color-brand-violet

/** 0, a round step and its multiples up to the highest value (at least 1, so an empty range still draws). */
function yTicks(max: number): number[] {
  const top = Math.max(1, max);
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? magnitude * 10);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

/** Which days get an axis label: the first, the last and evenly spaced ones between, at most `most`. */
function labelledIndexes(count: number, most: number): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = (count - 1) / (most - 1);
  return new Set(Array.from({ length: most }, (_, i) => Math.round(i * step)));
}

const dayLabel = (date: string, long = false) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", ...(long ? { year: "numeric" } : {}), timeZone: "UTC" });

/**
 * Confirmed subscribers at the end of each day, as an area in hand-written SVG (the approach of
 * the Sources chart: no chart library, axis text in HTML so it keeps its size on a phone). The
 * SVG is one image with a summary; the table under it carries the same figures.
 */
export function SubscribersChart({ days }: { days: SubscriberDay[] }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const count = Math.max(days.length, 1);
  const ticks = yTicks(Math.max(0, ...days.map((d) => d.confirmed)));
  const top = ticks.at(-1) ?? 1;
  const labelled = labelledIndexes(days.length, 6);
  const labelledOnPhone = labelledIndexes(days.length, 3);
  // One point per day, in the middle of its column.
  const points = days.map((d, i) => `${i + 0.5},${top - d.confirmed}`);
  const line = points.length === 1 ? `M0,${top - (days[0]?.confirmed ?? 0)} H${count}` : `M${points.join(" L")}`;
  const area = points.length === 0 ? "" : points.length === 1 ? `${line} V${top} H0 Z` : `${line} L${count - 0.5},${top} L0.5,${top} Z`;
  const first = days[0];
  const last = days.at(-1);
  const joined = days.reduce((sum, d) => sum + d.joined, 0);
  const left = days.reduce((sum, d) => sum + d.left, 0);
  const summary =
    first && last
      ? `Confirmed subscribers from ${dayLabel(first.date, true)} to ${dayLabel(last.date, true)}: ${first.confirmed} at the start, ${last.confirmed} at the end; ${joined} confirmed and ${left} unsubscribed in the period.`
      : "No days to show yet.";

  return (
    <figure>
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative h-48 w-8 shrink-0 text-right text-[11px] tabular-nums sm:h-56" style={{ color: CHART_AXIS }}>
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
            viewBox={`0 0 ${count} ${top}`}
            preserveAspectRatio="none"
            className="block h-48 w-full overflow-visible sm:h-56"
          >
            <title id={`${id}-title`}>Confirmed subscribers per day, last {days.length} days</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            <defs>
              <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={FILL_TOP} stopOpacity={0.28} />
                <stop offset="100%" stopColor={FILL_BOTTOM} stopOpacity={0.04} />
              </linearGradient>
            </defs>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={count} y1={top - tick} y2={top - tick} stroke={CHART_GRID} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {area && <path d={area} fill={`url(#${id}-fill)`} />}
            {days.length > 0 && <path d={line} fill="none" stroke={LINE} strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />}
            {days.map((day, i) => (
              <rect key={day.date} x={i} y={0} width={1} height={top} fill="transparent">
                <title>{`${dayLabel(day.date, true)}: ${day.confirmed} confirmed (+${day.joined}, −${day.left})`}</title>
              </rect>
            ))}
          </svg>
          <div aria-hidden="true" className="relative mt-1.5 h-4 text-[11px] whitespace-nowrap" style={{ color: CHART_AXIS }}>
            {days.map((day, i) =>
              labelled.has(i) || labelledOnPhone.has(i) ? (
                <span
                  key={day.date}
                  className={labelled.has(i) && labelledOnPhone.has(i) ? "absolute" : labelled.has(i) ? "absolute hidden sm:inline" : "absolute sm:hidden"}
                  style={{
                    left: `${((i + 0.5) / count) * 100}%`,
                    transform:
                      i === 0 && days.length > 1 ? "translateX(-15%)" : i === days.length - 1 && days.length > 1 ? "translateX(-85%)" : "translateX(-50%)",
                  }}
                >
                  {dayLabel(day.date)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-xs text-muted">
        <span className="font-semibold text-success">+{joined.toLocaleString("en-US")}</span> confirmed and{" "}
        <span className="font-semibold text-ink">−{left.toLocaleString("en-US")}</span> unsubscribed in the last {days.length} days (UTC).
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-medium text-ink">Daily figures as a table</summary>
        <div role="region" aria-label="Subscribers per day" tabIndex={0} className="mt-2 max-h-72 overflow-auto rounded-lg border border-line">
          <table className="w-full border-collapse text-left text-xs tabular-nums">
            <thead className="sticky top-0 bg-surface">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Confirmed
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Joined
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Left
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date} className="border-t border-line">
                  <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                    {day.date}
                  </th>
                  <td className="px-3 py-1.5 text-right">{day.confirmed}</td>
                  <td className="px-3 py-1.5 text-right">{day.joined}</td>
                  <td className="px-3 py-1.5 text-right">{day.left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
