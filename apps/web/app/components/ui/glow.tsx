import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * Blurred brand-colour lights behind a dark band, decorative. Each light is its place, size and
 * colour, e.g. "-top-32 right-[-10%] h-96 w-96 bg-brand-violet/30"; the band is `relative overflow-hidden`.
 */
export function Glow({ lights, className }: { lights: string[]; className?: string }) {
  return (
    <div aria-hidden="true" className={cn("pointer-events-none absolute inset-0", className)}>
      {lights.map((light) => (
        <div key={light} className={cn("absolute rounded-full blur-3xl", light)} />
      ))}
    </div>
  );
}

type GlowHeaderProps = { lights: string[]; glowClassName?: string; className: string; children: ReactNode };

/**
 * A page's dark opening band: navy, the glow's `lights` behind, and the content in the page's
 * container, which `className` spaces and lays out.
 */
export function GlowHeader({ lights, glowClassName, className, children }: GlowHeaderProps) {
  return (
    <header className="relative overflow-hidden bg-navy-950 text-white">
      <Glow className={glowClassName} lights={lights} />
      <div className={cn("container-page relative", className)}>{children}</div>
    </header>
  );
}
