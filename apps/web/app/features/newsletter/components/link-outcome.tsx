import { AlertTriangle, CheckCircle2, Clock, LoaderCircle, MailMinus, XCircle } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

const TONES = {
  success: { icon: CheckCircle2, ring: "bg-success-bg text-success" },
  notice: { icon: Clock, ring: "bg-notice-bg text-notice" },
  warning: { icon: AlertTriangle, ring: "bg-notice-bg text-notice" },
  danger: { icon: XCircle, ring: "bg-danger-bg text-danger" },
  question: { icon: MailMinus, ring: "bg-surface text-brand-violet" },
} as const;

export type OutcomeTone = keyof typeof TONES;

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
      <div role="status" className="flex flex-col items-center gap-4 py-8 text-center text-muted">
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-violet motion-reduce:animate-none" />
        <p>{text}</p>
      </div>
    </div>
  );
}

type LinkOutcomeProps = {
  tone: OutcomeTone;
  heading: ReactNode;
  /** The answer's sentence: a status when things went well, an alert otherwise. */
  text: ReactNode;
  /** Changes whenever the outcome changes, so the heading takes the focus (and is read out) each time. */
  focusKey: string;
  /** 1 where the outcome is the page's own heading (no page header above it). */
  level?: 1 | 2;
  children?: ReactNode;
};

/**
 * What opening a newsletter link led to: an icon in the outcome's colour, a heading that takes the
 * focus when it appears (keyboard and screen-reader users land on the news), the sentence, and the
 * way forward as children.
 */
export function LinkOutcome({ tone, heading, text, focusKey, level = 2, children }: LinkOutcomeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Icon = TONES[tone].icon;
  const Heading = level === 1 ? "h1" : "h2";
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is what the effect is for: the heading takes the focus again each time the outcome it names changes.
  useEffect(() => {
    headingRef.current?.focus();
  }, [focusKey]);

  return (
    <div className="text-center" data-outcome={focusKey}>
      <span className={cn("mx-auto inline-flex size-16 items-center justify-center rounded-full", TONES[tone].ring)}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <Heading ref={headingRef} tabIndex={-1} className="mt-5 text-2xl font-bold tracking-tight text-balance break-words focus:outline-none sm:text-3xl">
        {heading}
      </Heading>
      <div role={tone === "success" || tone === "notice" || tone === "question" ? "status" : "alert"} className="mx-auto mt-3 max-w-prose text-muted">
        {text}
      </div>
      {children}
    </div>
  );
}

/** The buttons under an outcome: stacked on a phone, in a row from the small breakpoint. */
export function OutcomeActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center", className)}>{children}</div>;
}
