import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type BadgeTone = "teal" | "violet" | "success" | "notice" | "neutral" | "dark";

const tones: Record<BadgeTone, string> = {
  teal: "bg-brand-teal/10 text-brand-teal-dark ring-brand-teal/25",
  violet: "bg-brand-violet/10 text-brand-violet ring-brand-violet/25",
  success: "bg-success-bg text-success ring-success/25",
  notice: "bg-notice-bg text-notice ring-notice/25",
  neutral: "bg-slate-100 text-muted ring-slate-300/60",
  dark: "bg-white/10 text-white ring-white/20",
};

/** A small pill for statuses and labels. */
export function Badge({ tone = "neutral", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", tones[tone], className)}>
      {children}
    </span>
  );
}
