import { cn } from "~/lib/cn";

/** The score as a bar with the pass mark drawn on it. Decorative: the text beside it says the same. */
export function ScoreMeter({ score, passMark, passed }: { score: number; passMark: number; passed: boolean }) {
  return (
    <div aria-hidden="true" className="relative pt-6">
      <div className="h-3 overflow-hidden rounded-full bg-slate-100">
        <div className={cn("h-full rounded-full", passed ? "bg-brand-gradient" : "bg-danger/80")} style={{ width: `${Math.max(0, Math.min(100, score))}%` }} />
      </div>
      <div className="absolute top-0 h-9 -translate-x-1/2" style={{ left: `${passMark}%` }}>
        <span className="block whitespace-nowrap text-[0.6875rem] font-semibold text-muted">Pass {passMark} %</span>
        <span className="mx-auto mt-0.5 block h-5 w-0.5 rounded bg-ink" />
      </div>
    </div>
  );
}
