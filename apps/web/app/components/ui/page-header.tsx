import type { ReactNode } from "react";
import { GlowHeader } from "./glow";

type PageHeaderProps = {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
};

/** The opening band of a page: eyebrow, the page's one h1, an intro and optional actions. */
export function PageHeader({ eyebrow, title, intro, children }: PageHeaderProps) {
  return (
    <GlowHeader
      glowClassName="opacity-60"
      lights={["-top-32 right-[-10%] h-96 w-96 bg-brand-violet/30", "-bottom-40 left-[-5%] h-96 w-96 bg-brand-teal/20"]}
      className="py-16 sm:py-20 lg:py-24"
    >
      {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-brand-teal">{eyebrow}</p>}
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {intro && <div className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">{intro}</div>}
      {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
    </GlowHeader>
  );
}

/** A page that is one task: the page header, then the task in one card centred on the surface. */
export function TaskPage({ eyebrow, title, intro, children }: { eyebrow: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} intro={intro} />
      <div className="bg-surface">
        <div className="container-page py-12 sm:py-16">
          <section
            aria-label={title}
            className="mx-auto max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-10"
          >
            {children}
          </section>
        </div>
      </div>
    </>
  );
}
