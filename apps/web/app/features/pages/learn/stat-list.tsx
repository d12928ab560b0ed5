import { cn } from "~/lib/cn";
import { CountUpStat } from "./count-up-stat";

export type StatItem = { id: string; label: string; value: number; suffix: string };

type StatListProps = {
  stats: StatItem[];
  tone?: "light" | "dark";
  /** Grid columns (2 × 2 on phones when 4). */
  columns?: 2 | 3 | 4;
  label?: string;
  className?: string;
};

const columnClasses = { 2: "grid-cols-2", 3: "grid-cols-3", 4: "grid-cols-2 lg:grid-cols-4" } as const;

/** Animated statistics as a description list: the figure large, its label beneath. */
export function StatList({ stats, tone = "light", columns = 4, label, className }: StatListProps) {
  const dark = tone === "dark";
  return (
    <dl aria-label={label} className={cn("grid gap-3 sm:gap-4", columnClasses[columns], className)}>
      {stats.map((stat) => (
        <div
          key={stat.id}
          data-stat={stat.id}
          className={cn(
            "flex flex-col-reverse justify-end rounded-card border p-4 sm:p-6",
            dark ? "border-white/10 bg-white/[0.04]" : "border-line bg-white shadow-card",
          )}
        >
          <dt className={cn("mt-1 text-xs font-medium sm:text-sm", dark ? "text-slate-300" : "text-muted")}>{stat.label}</dt>
          <dd className={cn("text-2xl font-bold tracking-tight sm:text-4xl", dark ? "text-white" : "text-ink")}>
            <CountUpStat value={stat.value} suffix={stat.suffix} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
