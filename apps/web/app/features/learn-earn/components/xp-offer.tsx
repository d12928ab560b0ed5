import { Sparkles } from "lucide-react";
import { cn } from "~/lib/cn";

/** "Earns up to 150 XP in Sprint 4": one line on a course card or beside an assessment; nothing without an offer. */
export function XpOffer({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p className={cn("inline-flex items-center gap-1.5 text-xs font-semibold text-brand-violet", className)} data-testid="xp-offer">
      <Sparkles aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </p>
  );
}
