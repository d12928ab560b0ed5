import { allocations } from "~/content/token";
import { formatTokens, seriesColor, tokensFor } from "./tokenomics";

const SIZE = 280;
const RADIUS = 120;
const THICKNESS = 38;

function arcPath(startFraction: number, endFraction: number): string {
  const c = SIZE / 2;
  const outer = RADIUS;
  const inner = RADIUS - THICKNESS;
  const point = (fraction: number, r: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2;
    return `${(c + r * Math.cos(angle)).toFixed(2)} ${(c + r * Math.sin(angle)).toFixed(2)}`;
  };
  const large = endFraction - startFraction > 0.5 ? 1 : 0;
  return [
    `M ${point(startFraction, outer)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(endFraction, outer)}`,
    `L ${point(endFraction, inner)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(startFraction, inner)}`,
    "Z",
  ].join(" ");
}

/** The share of supply per allocation as a donut; the table next to it carries the same data. */
export function AllocationDonut({ describedBy }: { describedBy?: string }) {
  let start = 0;
  const segments = allocations.map((allocation, index) => {
    const fraction = allocation.percentage / 100;
    const segment = { allocation, path: arcPath(start, start + fraction), color: seriesColor(index, allocations.length) };
    start += fraction;
    return segment;
  });
  return (
    <svg
      role="img"
      aria-labelledby="allocation-donut-title"
      aria-describedby={describedBy}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      className="mx-auto h-auto w-full max-w-[280px]"
    >
      <title id="allocation-donut-title">
        {`Share of the 100,000,000 $VSTN supply per allocation: ${allocations.map((a) => `${a.category} ${a.percentage}%`).join(", ")}`}
      </title>
      {segments.map(({ allocation, path, color }) => (
        <path key={allocation.category} d={path} style={{ fill: color, stroke: "white", strokeWidth: 2 }}>
          <title>{`${allocation.category}: ${allocation.percentage}% (${formatTokens(tokensFor(allocation.percentage))} tokens), ${allocation.details}`}</title>
        </path>
      ))}
      <text x={SIZE / 2} y={SIZE / 2 - 6} textAnchor="middle" className="fill-ink text-[26px] font-bold">
        100M
      </text>
      <text x={SIZE / 2} y={SIZE / 2 + 18} textAnchor="middle" className="fill-muted text-[13px] font-medium">
        $VSTN fixed supply
      </text>
    </svg>
  );
}
