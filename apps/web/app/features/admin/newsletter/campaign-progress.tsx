import type { CampaignProgress as Progress } from "@vestin/shared/newsletter";
import { cn } from "~/lib/cn";

const n = (value: number) => value.toLocaleString("en-US");

/** "12 of 30 sent, 1 failed, 17 left": the words a screen reader hears for the bar. */
export function progressText(progress: Progress): string {
  return `${n(progress.sent)} of ${n(progress.total)} sent, ${n(progress.failed)} failed, ${n(progress.left)} left`;
}

/**
 * How far a campaign has got: one bar (sent in the brand gradient, failed in red) and the three
 * figures beside it. `compact` is the campaigns table's version, without the figures' labels.
 */
export function CampaignProgressBar({ progress, label, compact = false }: { progress: Progress; label: string; compact?: boolean }) {
  const total = Math.max(progress.total, progress.sent + progress.failed + progress.left);
  const done = progress.sent + progress.failed;
  const percent = (value: number) => (total === 0 ? 0 : (value / total) * 100);
  return (
    <div className={cn(compact ? "min-w-36" : "w-full")}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={progressText(progress)}
        className={cn("flex w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-inset ring-line", compact ? "h-1.5" : "h-3")}
      >
        <span
          className="h-full bg-brand-gradient transition-[width] duration-300 ease-out motion-reduce:transition-none"
          style={{ width: `${percent(progress.sent)}%` }}
        />
        <span
          className="h-full bg-danger transition-[width] duration-300 ease-out motion-reduce:transition-none"
          style={{ width: `${percent(progress.failed)}%` }}
        />
      </div>
      {compact ? (
        <p className="mt-1 text-xs tabular-nums text-muted">
          {n(progress.sent)} / {n(total)}
          {progress.failed > 0 && <span className="text-danger"> · {n(progress.failed)} failed</span>}
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
          <Figure label="Sent" value={progress.sent} dot="bg-brand-teal" />
          <Figure label="Failed" value={progress.failed} dot="bg-danger" />
          <Figure label="Left" value={progress.left} dot="bg-slate-300" />
        </dl>
      )}
    </div>
  );
}

function Figure({ label, value, dot }: { label: string; value: number; dot: string }) {
  return (
    <div className="rounded-lg border border-line px-3 py-2">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        <span aria-hidden="true" className={cn("size-2 rounded-full", dot)} />
        {label}
      </dt>
      <dd className="mt-0.5 text-lg font-bold tabular-nums text-ink">{n(value)}</dd>
    </div>
  );
}
