import { allocations } from "~/content/token";
import { cn } from "~/lib/cn";
import { formatTokens, seriesColor, tokensFor } from "./tokenomics";

const months = (n: number) => (n === 0 ? "None" : n === 1 ? "1 month" : `${n} months`);

/** The table's columns: the first and last sit further from the edge, figures align right. */
const COLUMNS = [
  { label: "Allocation", className: "px-5" },
  { label: "Share", className: "px-3 text-right" },
  { label: "Tokens", className: "px-3 text-right" },
  { label: "Price", className: "px-3 text-right" },
  { label: "At TGE", className: "px-3 text-right" },
  { label: "Cliff", className: "px-3" },
  { label: "Linear vesting", className: "px-3" },
  { label: "Terms", className: "px-5" },
];

/** The allocation table: the data behind both charts, readable by everyone. */
export function AllocationTable({ id, className }: { id?: string; className?: string }) {
  return (
    <div
      className={cn("overflow-x-auto rounded-card border border-line bg-white shadow-card", className)}
      tabIndex={0}
      role="region"
      aria-labelledby={id ? `${id}-caption` : undefined}
    >
      <table id={id} className="w-full min-w-[720px] border-collapse text-left text-sm">
        <caption id={id ? `${id}-caption` : undefined} className="px-5 pb-2 pt-4 text-left font-semibold text-ink">
          $VSTN allocation and vesting terms
        </caption>
        <thead className="border-b border-line bg-surface text-xs uppercase tracking-wider text-muted">
          <tr>
            {COLUMNS.map(({ label, className }) => (
              <th key={label} scope="col" className={cn(className, "py-3 font-semibold")}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {allocations.map((allocation, index) => (
            <tr key={allocation.category}>
              <th scope="row" className="px-5 py-3 font-semibold text-ink">
                <span className="flex items-center gap-2.5">
                  <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ background: seriesColor(index, allocations.length) }} />
                  {allocation.category}
                </span>
              </th>
              <td className="px-3 py-3 text-right tabular-nums">{allocation.percentage}%</td>
              <td className="px-3 py-3 text-right tabular-nums">{formatTokens(tokensFor(allocation.percentage))}</td>
              <td className="px-3 py-3 text-right tabular-nums">{allocation.vesting.price ? `$${allocation.vesting.price.toFixed(2)}` : "Not sold"}</td>
              <td className="px-3 py-3 text-right tabular-nums">{allocation.vesting.tgePercent}%</td>
              <td className="px-3 py-3">{months(allocation.vesting.cliffMonths)}</td>
              <td className="px-3 py-3">{months(allocation.vesting.vestMonths)}</td>
              <td className="px-5 py-3 text-muted">{allocation.details}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line bg-surface font-semibold text-ink">
          <tr>
            <th scope="row" className="px-5 py-3">
              Total
            </th>
            <td className="px-3 py-3 text-right tabular-nums">100%</td>
            <td className="px-3 py-3 text-right tabular-nums">100M</td>
            <td colSpan={5} className="px-3 py-3 font-normal text-muted">
              Sale rounds raise $1.46M for 32.38% of supply.
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
