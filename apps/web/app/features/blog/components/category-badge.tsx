import { categoryTone } from "@vestin/shared/blog-core";
import { cn } from "~/lib/cn";

const TONES = {
  teal: "bg-teal-50 text-teal-800 ring-teal-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  sky: "bg-sky-50 text-sky-800 ring-sky-200",
  rose: "bg-rose-50 text-rose-800 ring-rose-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset", TONES[categoryTone(category)], className)}>
      {category}
    </span>
  );
}
