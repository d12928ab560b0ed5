import { allocations } from "~/content/token";
import { fullyUnlockedAfter, seriesColor } from "./tokenomics";

const WIDTH = 1000;
const LABEL_WIDTH = 170;
const RIGHT_PAD = 20;
const ROW = 54;
const TOP = 34;
const MONTHS = Math.max(...allocations.map(fullyUnlockedAfter));
const TICKS = Array.from({ length: Math.floor(MONTHS / 6) + 1 }, (_, i) => i * 6);

const x = (month: number) => LABEL_WIDTH + (month / MONTHS) * (WIDTH - LABEL_WIDTH - RIGHT_PAD);

/**
 * Every allocation's unlock schedule on one month axis: the share unlocked at TGE, the cliff
 * (dashed) and the linear vesting period (bar), with the written terms under each bar.
 */
export function VestingChart() {
  const height = TOP + allocations.length * ROW + 8;
  return (
    <div
      className="overflow-x-auto rounded-card border border-line bg-white p-4 shadow-card sm:p-6"
      tabIndex={0}
      role="region"
      aria-label="Vesting schedule chart, scrolls sideways on small screens"
    >
      {/* role="img" makes everything inside presentational: the title is the chart's whole text alternative. */}
      <svg
        role="img"
        aria-labelledby="vesting-chart-title"
        viewBox={`0 0 ${WIDTH} ${height}`}
        width={WIDTH}
        height={height}
        className="h-auto w-full min-w-[860px]"
      >
        <title id="vesting-chart-title">
          {`Vesting schedule of each allocation, in months after the token generation event: ${allocations
            .map((a) => `${a.category}, ${a.details}`)
            .join("; ")}`}
        </title>
        {TICKS.map((month) => (
          <g key={month}>
            <line x1={x(month)} x2={x(month)} y1={TOP - 8} y2={height - 8} style={{ stroke: "var(--color-line)" }} strokeWidth={1} />
            <text x={x(month)} y={TOP - 16} textAnchor="middle" className="fill-muted text-[11px] font-medium">
              {month === 0 ? "TGE" : `${month} mo`}
            </text>
          </g>
        ))}
        {allocations.map((allocation, index) => {
          const { tgePercent, cliffMonths, vestMonths } = allocation.vesting;
          const y = TOP + index * ROW;
          const color = seriesColor(index, allocations.length);
          return (
            <g key={allocation.category}>
              <text x={0} y={y + 16} className="fill-ink text-[13px] font-semibold">
                {allocation.category}
              </text>
              <text x={0} y={y + 33} className="fill-muted text-[12px]">
                {allocation.percentage}% of supply
              </text>
              {cliffMonths > 0 && (
                <line x1={x(0)} x2={x(cliffMonths)} y1={y + 12} y2={y + 12} strokeWidth={2} strokeDasharray="4 4" style={{ stroke: "var(--color-muted)" }} />
              )}
              <rect x={x(cliffMonths)} y={y + 5} width={x(cliffMonths + vestMonths) - x(cliffMonths)} height={14} rx={7} style={{ fill: color }} />
              {tgePercent > 0 && (
                <circle cx={x(0)} cy={y + 12} r={6} strokeWidth={2} style={{ fill: "var(--color-notice-bg)", stroke: "var(--color-notice)" }} />
              )}
              <text x={x(0)} y={y + 38} className="fill-muted text-[11.5px]">
                {allocation.details}
              </text>
            </g>
          );
        })}
      </svg>
      <ul aria-hidden="true" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-xs text-muted">
        <li className="flex items-center gap-2">
          <span className="size-3 rounded-full border-2 border-notice bg-notice-bg" /> Unlocked at TGE
        </li>
        <li className="flex items-center gap-2">
          <span className="w-6 border-t-2 border-dashed border-muted" /> Cliff (nothing unlocks)
        </li>
        <li className="flex items-center gap-2">
          <span className="h-3 w-6 rounded-full bg-brand-gradient" /> Linear vesting
        </li>
      </ul>
    </div>
  );
}
