import { useId } from "react";
import type { SubscriberDay } from "@vestin/shared/newsletter";
import { ChartFrame, FiguresTable, yTicks } from "../components/chart-frame";

const LINE = "#0f766e"; // --color-brand-teal-dark
const FILL_TOP = "#14b8a6"; // --color-brand-teal
const FILL_BOTTOM = "#7c3aed"; // --color-brand-violet

const dayLabel = (date: string, long = false) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", ...(long ? { year: "numeric" } : {}), timeZone: "UTC" });

/**
 * Confirmed subscribers at the end of each day, as an area drawn in the console's ChartFrame (the
 * Sources chart's frame: no chart library, axis text in HTML so it keeps its size on a phone). The
 * SVG is one image with a summary; the table under it carries the same figures.
 */
export function SubscribersChart({ days }: { days: SubscriberDay[] }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const count = Math.max(days.length, 1);
  const ticks = yTicks(Math.max(0, ...days.map((d) => d.confirmed)));
  const top = ticks.at(-1) ?? 1;
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
      <ChartFrame
        id={id}
        heightClass="h-48 sm:h-56"
        ticks={ticks}
        columns={count}
        xLabels={days.map((day) => ({ key: day.date, text: dayLabel(day.date) }))}
        title={`Confirmed subscribers per day, last ${days.length} days`}
        summary={summary}
        defs={
          <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={FILL_TOP} stopOpacity={0.28} />
            <stop offset="100%" stopColor={FILL_BOTTOM} stopOpacity={0.04} />
          </linearGradient>
        }
      >
        {area && <path d={area} fill={`url(#${id}-fill)`} />}
        {days.length > 0 && <path d={line} fill="none" stroke={LINE} strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />}
        {days.map((day, i) => (
          <rect key={day.date} x={i} y={0} width={1} height={top} fill="transparent">
            <title>{`${dayLabel(day.date, true)}: ${day.confirmed} confirmed (+${day.joined}, −${day.left})`}</title>
          </rect>
        ))}
      </ChartFrame>
      <figcaption className="mt-3 text-xs text-muted">
        <span className="font-semibold text-success">+{joined.toLocaleString("en-US")}</span> confirmed and{" "}
        <span className="font-semibold text-ink">−{left.toLocaleString("en-US")}</span> unsubscribed in the last {days.length} days (UTC).
      </figcaption>
      <FiguresTable
        label="Subscribers per day"
        columns={["Confirmed", "Joined", "Left"]}
        rows={days.map((day) => ({ label: day.date, values: [day.confirmed, day.joined, day.left] }))}
      />
    </figure>
  );
}
