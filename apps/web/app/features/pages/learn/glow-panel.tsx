import type { ReactNode } from "react";
import { Glow } from "~/components/ui/glow";
import { cn } from "~/lib/cn";

/** A dark rounded panel inside a section, the glow's `lights` behind its content; `className` pads and lays it out. */
export function GlowPanel({ lights, className, children }: { lights: string[]; className?: string; children: ReactNode }) {
  return (
    <div className={cn("relative overflow-hidden rounded-[1.5rem] bg-navy-950 text-white", className)}>
      <Glow lights={lights} />
      {children}
    </div>
  );
}
