import { LEAD_KINDS, type LeadKind } from "@vestin/shared/lead-kinds";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LEAD_TYPES } from "../leads/lead-types";
import type { AdminStats } from "../api/stats-api";
import { FiguresTable } from "../components/chart-frame";
import { CHART_AXIS, CHART_GRID, LEAD_SERIES_COLORS } from "./chart-palette";

type Row = { day: string; label: string } & Record<LeadKind, number>;

/** One row per day from `since` to today (UTC), zero where nothing arrived. */
export function dailyRows(stats: Pick<AdminStats, "since" | "leadsPerDay">, today = new Date()): Row[] {
  const rows: Row[] = [];
  const end = today.toISOString().slice(0, 10);
  const cursor = new Date(`${stats.since}T00:00:00Z`);
  if (Number.isNaN(cursor.getTime())) return rows;
  const lookup = new Map<string, number>();
  for (const key of LEAD_KINDS) for (const { day, count } of stats.leadsPerDay?.[key] ?? []) lookup.set(`${key}:${day.slice(0, 10)}`, Number(count) || 0);
  for (let guard = 0; guard < 400; guard++) {
    const day = cursor.toISOString().slice(0, 10);
    if (day > end) break;
    const row = { day, label: cursor.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }) } as Row;
    for (const key of LEAD_KINDS) row[key] = lookup.get(`${key}:${day}`) ?? 0;
    rows.push(row);
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return rows;
}

/**
 * Leads per kind per day as stacked bars, with the same figures as a table for screen readers and
 * for anyone who wants exact numbers.
 */
export function LeadsChart({ stats }: { stats: AdminStats }) {
  const rows = dailyRows(stats);
  const total = rows.reduce((sum, row) => sum + LEAD_KINDS.reduce((s, key) => s + row[key], 0), 0);
  return (
    <figure>
      <div className="h-72 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHART_GRID} vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: CHART_AXIS, fontSize: 11 }}
              tickLine={false}
              axisLine={{ stroke: CHART_GRID }}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={{ fill: CHART_AXIS, fontSize: 11 }} tickLine={false} axisLine={false} width={40} />
            {/* The tooltip's words in the axis colour: the lighter series colours are too pale for text on white. */}
            <Tooltip
              cursor={{ fill: "rgb(15 23 42 / 0.04)" }}
              contentStyle={{ borderRadius: 8, borderColor: CHART_GRID, fontSize: 12 }}
              itemStyle={{ color: CHART_AXIS }}
            />
            <Legend
              wrapperStyle={{ fontSize: 12, paddingTop: 8 }}
              iconType="circle"
              iconSize={8}
              itemSorter={null}
              formatter={(value: string) => <span style={{ color: CHART_AXIS }}>{value}</span>}
            />
            {LEAD_KINDS.map((key, index) => (
              <Bar
                key={key}
                dataKey={key}
                name={LEAD_TYPES[key].tab}
                stackId="leads"
                fill={LEAD_SERIES_COLORS[key]}
                maxBarSize={28}
                radius={index === LEAD_KINDS.length - 1 ? [3, 3, 0, 0] : 0}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-xs text-muted">
        {total.toLocaleString("en-US")} leads from {rows[0]?.label ?? stats.since} to {rows.at(-1)?.label ?? "today"}, stacked by kind (UTC days).
      </figcaption>
      <FiguresTable
        label="Leads per day"
        columns={LEAD_KINDS.map((key) => LEAD_TYPES[key].tab)}
        rows={rows.map((row) => ({ label: row.day, values: LEAD_KINDS.map((key) => row[key]) }))}
        className="min-w-[520px]"
      />
    </figure>
  );
}
