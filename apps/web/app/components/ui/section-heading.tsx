import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

type SectionHeadingProps = {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Heading id, so the section can point at it with aria-labelledby. */
  id?: string;
  align?: "left" | "center";
  tone?: "light" | "dark";
  className?: string;
};

/** The h2 that opens a page section, with an optional eyebrow and intro. */
export function SectionHeading({ eyebrow, title, intro, id, align = "left", tone = "light", className }: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <p className={cn("mb-2 text-sm font-semibold uppercase tracking-widest", dark ? "text-brand-teal" : "text-brand-teal-dark")}>{eyebrow}</p>}
      <h2 id={id} className={cn("text-3xl font-bold tracking-tight text-balance sm:text-4xl", dark ? "text-white" : "text-ink")}>
        {title}
      </h2>
      {intro && <div className={cn("mt-4 text-lg leading-relaxed", dark ? "text-slate-300" : "text-muted")}>{intro}</div>}
    </div>
  );
}
