import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One figure: its name (read by screen readers, shown as the icon), the icon and the value. */
export type Fact = { term: string; icon: LucideIcon; value: ReactNode; testId?: string };

const LOOKS = {
  /** Small and muted, on a course or track card. */
  card: { list: "mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted", item: "inline-flex items-center gap-1", icon: "size-3.5" },
  /** Larger, on a course page's dark header. */
  header: { list: "mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm text-slate-300", item: "flex items-center gap-1.5", icon: "size-4" },
} as const;

/** A course's or a track's figures (duration, lessons, students …) in a row, each an icon and its value. */
export function FactList({ facts, look = "card" }: { facts: Fact[]; look?: keyof typeof LOOKS }) {
  const classes = LOOKS[look];
  return (
    <dl className={classes.list}>
      {facts.map(({ term, icon: Icon, value, testId }) => (
        <div key={term} className={classes.item}>
          <dt className="sr-only">{term}</dt>
          <Icon aria-hidden="true" className={classes.icon} />
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
