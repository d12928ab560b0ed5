import { Award, ClipboardCheck, Lock, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments-core";
import type { AssessmentStatus } from "@vestin/shared/assessments";
import { ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { signInPath } from "~/lib/session/redirects";
import { cn } from "~/lib/cn";
import { ASSESSMENT_COPY } from "../copy";
import { assessmentPath, certificatePath } from "../paths";
import { formatMoment, formatTime, plural } from "../format";
import { useAssessmentStatus } from "../use-assessment-status";
import { AssessmentFacts } from "./assessment-facts";

/**
 * The course page's "Final assessment" card: the rules, and where this visitor stands (sign in,
 * enrol, lessons to go, ready, attempts used, passed). Renders nothing when the course has none.
 */
export function AssessmentCard({ courseSlug, initial, className }: { courseSlug: string; initial?: AssessmentStatus | null | undefined; className?: string }) {
  const state = useAssessmentStatus(courseSlug, initial);
  if (state.phase === "none" || !state.status) return null;
  const { status } = state;
  const path = assessmentPath(courseSlug);

  return (
    <section
      aria-labelledby="final-assessment-heading"
      className={cn("rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8", className)}
      data-testid="assessment-card"
    >
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-gradient text-white">
          <ClipboardCheck className="size-6" />
        </span>
        <div>
          <h2 id="final-assessment-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            {ASSESSMENT_COPY.cardTitle}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-muted sm:text-base">{ASSESSMENT_COPY.cardIntro}</p>
        </div>
      </div>
      <AssessmentFacts status={status} className="mt-5" />
      <div className="mt-5" aria-live="polite" data-testid="assessment-standing">
        <Standing state={state} path={path} />
      </div>
    </section>
  );
}

function Standing({ state, path }: { state: ReturnType<typeof useAssessmentStatus>; path: string }) {
  if (state.authLoading || (state.signedIn && state.phase === "loading")) {
    return <p className="text-sm text-muted">Checking your progress…</p>;
  }
  if (state.phase === "error") return <Notice tone="danger">{state.message}</Notice>;
  const learner = state.status?.learner;
  if (!learner) {
    return (
      <Row text={ASSESSMENT_COPY.signedOut}>
        <ButtonLink to={signInPath(path)} size="sm">
          {ASSESSMENT_COPY.signInToTake}
        </ButtonLink>
      </Row>
    );
  }
  if (learner.passed) {
    return (
      <div className="flex flex-col gap-4 rounded-xl border border-green-200 bg-success-bg p-4 sm:flex-row sm:items-center">
        <Award aria-hidden="true" className="hidden size-6 shrink-0 text-success sm:block" />
        <p className="flex-1 text-sm text-ink">
          <strong className="text-success">Passed</strong> with a best score of <strong>{learner.bestScore ?? 0} %</strong>.
        </p>
        <div className="flex flex-wrap gap-2">
          {learner.certificateCode && (
            <ButtonLink to={certificatePath(learner.certificateCode)} size="sm">
              {ASSESSMENT_COPY.viewCertificate}
            </ButtonLink>
          )}
          <ButtonLink to={path} size="sm" variant="outline">
            {ASSESSMENT_COPY.reviewAttempts}
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (!learner.enrolled) return <Notice tone="info">{ASSESSMENT_MESSAGES.notEnrolled}</Notice>;
  if (!learner.unlocked) {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm" data-state="locked">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <p>
          <span className="font-semibold">Locked.</span> {ASSESSMENT_COPY.lockedLead} {ASSESSMENT_COPY.lessonsToGo(learner.lessonsRemaining)}
        </p>
      </div>
    );
  }
  const hours = state.status?.attemptWindowHours ?? 24;
  const best = learner.bestScore !== null ? `Best score so far ${learner.bestScore} %.` : "";
  if (learner.openAttempt) {
    return (
      <Row
        text={<>You have an attempt in progress. It closes at {formatTime(learner.openAttempt.expiresAt)}.</>}
        icon={<Timer aria-hidden="true" className="size-5 shrink-0 text-brand-violet" />}
      >
        <ButtonLink to={path} size="sm">
          {ASSESSMENT_COPY.resume}
        </ButtonLink>
      </Row>
    );
  }
  if (learner.attemptsLeft <= 0) {
    return (
      <Notice tone="notice">
        You have used all {plural(state.status?.maxAttempts ?? 0, "attempt")} of the last {hours} hours.
        {learner.nextAttemptAt ? ` Your next attempt opens ${formatMoment(learner.nextAttemptAt)}.` : ""} {best}{" "}
        <Link to={path} className="font-semibold underline underline-offset-2">
          {ASSESSMENT_COPY.reviewAttempts}
        </Link>
      </Notice>
    );
  }
  return (
    <Row
      text={
        learner.attemptsUsed > 0
          ? `${best} ${learner.attemptsLeft} of ${plural(state.status?.maxAttempts ?? learner.attemptsLeft, "attempt")} left in the current ${hours} hours.`
          : "Every lesson is complete: the assessment is open."
      }
    >
      <ButtonLink to={path} size="sm">
        {ASSESSMENT_COPY.take}
      </ButtonLink>
    </Row>
  );
}

function Row({ text, children, icon }: { text: ReactNode; children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      {icon}
      <p className="flex-1 text-sm leading-relaxed text-ink">{text}</p>
      <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
    </div>
  );
}
