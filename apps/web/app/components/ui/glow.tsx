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
