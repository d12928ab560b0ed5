import type { ReactNode } from "react";

type LeadSectionProps = {
  /** The heading's id; the section is labelled by it. */
  id: string;
  heading: ReactNode;
  tone?: "white" | "surface";
  /** A reading-width column (forms, questions) instead of the page's full width. */
  narrow?: boolean;
  children: ReactNode;
};

/** A band of a lead page: its background, its h2 and what follows the heading. */
export function LeadSection({ id, heading, tone = "white", narrow = false, children }: LeadSectionProps) {
  const body = (
    <>
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {heading}
      </h2>
      {children}
    </>
  );
  return (
    <section aria-labelledby={id} className={tone === "surface" ? "bg-surface" : "bg-white"}>
      <div className="container-page py-14 sm:py-20">{narrow ? <div className="mx-auto max-w-3xl">{body}</div> : body}</div>
    </section>
  );
}
