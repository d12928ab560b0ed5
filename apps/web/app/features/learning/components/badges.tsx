import { cn } from "~/lib/cn";

const DIFFICULTY_TONES: Record<string, string> = {
  green: "bg-green-50 text-green-800 ring-green-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function DifficultyBadge({ difficulty, levelColor, className }: { difficulty: string; levelColor: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset",
        DIFFICULTY_TONES[levelColor] ?? DIFFICULTY_TONES.slate,
        className,
      )}
    >
      {difficulty}
    </span>
  );
}

export function ProgressBar({ percent, label, className, tone = "light" }: { percent: number; label: string; className?: string; tone?: "light" | "dark" }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={className}>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label={label}
        className={cn("h-2 overflow-hidden rounded-full", tone === "dark" ? "bg-white/15" : "bg-slate-100")}
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-300 ease-out" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
