import type { ReactNode } from "react";
import { Outcome, OutcomeChecking, type OutcomeProps } from "~/components/ui/outcome";

/**
 * The page a newsletter link opens: no page header (its title would stay above the outcome), the
 * eyebrow, and one card whose heading is the page's h1 and follows the link's state.
 */
export function LinkPage({ eyebrow, children }: { eyebrow: string; children: ReactNode }) {
  return (
    <div className="bg-surface">
      <div className="container-page py-12 sm:py-20">
        <p className="mb-4 text-center text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">{eyebrow}</p>
        <section aria-label={eyebrow} className="mx-auto max-w-xl rounded-card border border-line bg-white p-6 shadow-card sm:p-10">
          {children}
        </section>
      </div>
    </div>
  );
}

/**
 * The page while its link is checked: the request as the page's h1 with its intro (what a mail
 * scanner's fetch of the server-rendered page shows too), and a spinner saying what is happening.
 * The outcome replaces all of it, heading included.
 */
export function LinkChecking({ title, intro, text }: { title: string; intro: string; text: string }) {
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <p className="mx-auto mt-3 max-w-prose text-muted">{intro}</p>
      <OutcomeChecking>{text}</OutcomeChecking>
    </div>
  );
}

/** What opening a newsletter link led to; done, already done and the unsubscribe question are news, not alarms. */
export function LinkOutcome({ tone, ...outcome }: Omit<OutcomeProps, "live">) {
  return <Outcome tone={tone} live={tone === "success" || tone === "notice" || tone === "question" ? "status" : "alert"} {...outcome} />;
}
