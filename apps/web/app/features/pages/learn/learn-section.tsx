import type { ReactNode } from "react";
import { SectionHeading } from "~/components/ui/section-heading";
import { cn } from "~/lib/cn";

type LearnSectionProps = {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: "white" | "surface" | "dark";
  align?: "left" | "center";
  children: ReactNode;
  className?: string;
};

const backgrounds = { white: "bg-white", surface: "bg-surface", dark: "bg-navy-950 text-white" } as const;

/** A page band with its h2 and content, fading in as it scrolls into view (CSS only). */
export function LearnSection({ id, title, eyebrow, intro, tone = "white", align = "left", children, className }: LearnSectionProps) {
  return (
    <section aria-labelledby={id} className={cn(backgrounds[tone], className)}>
      <div className="container-page reveal py-16 sm:py-20 lg:py-24">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} align={align} tone={tone === "dark" ? "dark" : "light"} />
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
