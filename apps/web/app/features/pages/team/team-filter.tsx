import type { TeamFilterId, TeamFilterLabel } from "~/content/team";
import { cn } from "~/lib/cn";

/** The All Team / Founders / Team / Advisors buttons; the pressed one decides which sections show. */
export function TeamFilter({ filters, value, onChange }: { filters: TeamFilterLabel[]; value: TeamFilterId; onChange: (value: TeamFilterId) => void }) {
  return (
    <div role="group" aria-label="Filter the team" className="flex flex-wrap gap-2">
      {filters.map((filter) => {
        const active = filter.id === value;
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter.id)}
            className={cn(
              "inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors duration-150",
              "focus-visible:outline-2 focus-visible:outline-offset-2",
              active ? "border-navy-900 bg-navy-900 text-white" : "border-line bg-white text-ink hover:border-slate-300 hover:bg-surface",
            )}
          >
            {filter.label}
            <span className={cn("rounded-full px-2 py-0.5 text-xs tabular-nums", active ? "bg-white/15" : "bg-slate-100 text-muted")}>({filter.count})</span>
          </button>
        );
      })}
    </div>
  );
}
