import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

/** A decorative icon in a soft rounded tile, as on feature and step cards; `tone` is the surface it sits on. */
export function IconTile({ icon: Icon, tone = "light", className }: { icon: LucideIcon; tone?: "light" | "dark"; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-xl",
        tone === "dark" ? "bg-white/10 text-brand-teal" : "bg-brand-teal/10 text-brand-teal-dark",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
