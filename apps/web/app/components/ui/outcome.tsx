import { AlertTriangle, CheckCircle2, Clock, LoaderCircle, MailCheck, MailMinus, XCircle } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

const TONES = {
  success: { icon: CheckCircle2, ring: "bg-success-bg text-success" },
  notice: { icon: Clock, ring: "bg-notice-bg text-notice" },
  warning: { icon: AlertTriangle, ring: "bg-notice-bg text-notice" },
  danger: { icon: XCircle, ring: "bg-danger-bg text-danger" },
  sent: { icon: MailCheck, ring: "bg-success-bg text-success" },
  question: { icon: MailMinus, ring: "bg-surface text-brand-violet" },
} as const;

export type OutcomeTone = keyof typeof TONES;

export type OutcomeProps = {
  tone: OutcomeTone;
  heading: ReactNode;
  /** The answer's sentence. */
  text: ReactNode;
  /** How the sentence is announced: a status for good news, an alert for what needs the person's attention. */
  live: "status" | "alert";
  /** Changes whenever the outcome changes, so the heading takes the focus (and is read out) each time. */
  focusKey: string;
  /** 1 where the outcome is the page's own heading (no page header above it). */
  level?: 1 | 2;
  children?: ReactNode;
};

/**
 * What opening an e-mailed link led to: an icon in the outcome's colour, a heading that takes the
 * focus when it appears (keyboard and screen-reader users land on the news), the sentence, and the
 * way forward as children.
 */
export function Outcome({ tone, heading, text, live, focusKey, level = 2, children }: OutcomeProps) {
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
      <div role={live} className="mx-auto mt-3 max-w-prose text-muted">
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

/** The spinner while the link is checked, saying what is happening. */
export function OutcomeChecking({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-8 text-center text-muted">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-violet motion-reduce:animate-none" />
      <p>{children}</p>
    </div>
  );
}
