import type { LearnClaim } from "~/content/learning-pages";
import { cn } from "~/lib/cn";

/** Displayed claims (12 courses, 110+ lessons …): the figure large (in the accent gradient on dark), its label and a line. */
export function ClaimCards({ claims, tone = "light", className }: { claims: LearnClaim[]; tone?: "light" | "dark"; className?: string }) {
  const dark = tone === "dark";
  return (
    <dl className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {claims.map((claim) => (
        <div
          key={claim.id}
          className={cn(
            "flex flex-col-reverse justify-end rounded-card border p-6",
            dark ? "border-white/10 bg-white/[0.04]" : "border-line bg-white shadow-card",
          )}
        >
          <dt className={cn("mt-1", dark ? "text-slate-300" : "text-muted")}>
            <span className={cn("block font-semibold", dark ? "text-white" : "text-ink")}>{claim.label}</span>
            {claim.description && <span className="mt-2 block text-sm leading-relaxed">{claim.description}</span>}
          </dt>
          <dd className={cn("text-4xl font-bold tracking-tight", dark ? "text-brand-gradient" : "text-ink")}>{claim.value}</dd>
        </div>
      ))}
    </dl>
  );
}
