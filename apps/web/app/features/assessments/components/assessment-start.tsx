import { Award, CheckCircle2, Lock, Play, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments-core";
import type { AssessmentStatus, AttemptSummary } from "@vestin/shared/assessments";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import { ASSESSMENT_COPY } from "../copy";
import { formatMoment, formatTime, plural } from "../format";
import { assessmentPath, certificatePath } from "../paths";
import { AssessmentFacts } from "./assessment-facts";

type Learner = NonNullable<AssessmentStatus["learner"]>;

/**
 * Before an attempt: the rules, the learner's attempts so far and their best score, and the one
 * action that fits (start, resume, wait, finish the lessons, enrol, see the certificate).
 */
export function AssessmentStart({
  status,
  learner,
  courseSlug,
  onStart,
  starting,
  error,
}: {
  status: AssessmentStatus;
  learner: Learner;
  courseSlug: string;
  onStart: () => void;
  starting: boolean;
  error: string | null;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby="rules-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8">
        <h2 id="rules-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          Before you start
        </h2>
        <AssessmentFacts status={status} className="mt-5" />
        <ul className="mt-6 grid gap-3 text-[0.9375rem] leading-relaxed">
          {[
            ASSESSMENT_COPY.timeRule(status.timeLimitMinutes !== null),
            ...ASSESSMENT_COPY.rules,
            ASSESSMENT_COPY.reviewRule(status.reviewPolicy, status.maxAttempts),
            `You can make ${plural(status.maxAttempts, "attempt")} in any ${status.attemptWindowHours} hours. Pass with ${status.passMark} % or more to earn your certificate.`,
          ].map((rule) => (
            <li key={rule} className="flex gap-3">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-teal-dark" />
              <span>{rule}</span>
            </li>
          ))}
        </ul>
        <div className="mt-8 border-t border-line pt-6">
          <NextStep status={status} learner={learner} courseSlug={courseSlug} onStart={onStart} starting={starting} />
          {error && (
            <Notice tone="danger" className="mt-4">
              {error}
            </Notice>
          )}
        </div>
      </section>
      <AttemptHistory learner={learner} courseSlug={courseSlug} passMark={status.passMark} />
    </div>
  );
}

function NextStep({
  status,
  learner,
  courseSlug,
  onStart,
  starting,
}: {
  status: AssessmentStatus;
  learner: Learner;
  courseSlug: string;
  onStart: () => void;
  starting: boolean;
}) {
  const course = `/learn/course/${courseSlug}`;
  if (!learner.enrolled) {
    return (
      <div className="grid gap-4">
        <Notice tone="info">{ASSESSMENT_MESSAGES.notEnrolled}</Notice>
        <ButtonLink to={course} className="justify-self-start">
          Go to the course
        </ButtonLink>
      </div>
    );
  }
  if (!learner.unlocked) {
    return (
      <div className="grid gap-4">
        <div className="flex items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm" data-state="locked">
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
          <p>
            {ASSESSMENT_COPY.lockedLead} {ASSESSMENT_COPY.lessonsToGo(learner.lessonsRemaining)}
          </p>
        </div>
        <ButtonLink to={course} className="justify-self-start">
          Continue the course
        </ButtonLink>
      </div>
    );
  }
  const passed = learner.passed && (
    <Notice tone="success">
      You passed with a best score of {learner.bestScore ?? 0} %.{" "}
      {learner.certificateCode && (
        <Link to={certificatePath(learner.certificateCode)} className="font-semibold underline underline-offset-2">
          {ASSESSMENT_COPY.viewCertificate}
        </Link>
      )}
    </Notice>
  );
  if (learner.openAttempt) {
    return (
      <div className="grid gap-4">
        {passed}
        <p className="text-sm text-muted">
          You have an attempt in progress. It closes at {formatTime(learner.openAttempt.expiresAt)}; your answers on this device are kept.
        </p>
        <Button size="lg" onClick={onStart} disabled={starting} className="justify-self-start">
          <Play aria-hidden="true" className="size-5" /> {starting ? "Opening…" : ASSESSMENT_COPY.resume}
        </Button>
      </div>
    );
  }
  if (learner.attemptsLeft <= 0) {
    return (
      <div className="grid gap-4">
        {passed}
        <Notice tone="notice">
          You have used all {plural(status.maxAttempts, "attempt")} of the last {status.attemptWindowHours} hours.
          {learner.nextAttemptAt ? ` Your next attempt opens ${formatMoment(learner.nextAttemptAt)}.` : ""}
        </Notice>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {passed}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={onStart} disabled={starting} variant={learner.passed ? "outline" : "primary"}>
          {learner.attemptsUsed > 0 ? <RotateCcw aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
          {starting ? "Starting…" : learner.passed ? "Take it again" : learner.attemptsUsed > 0 ? ASSESSMENT_COPY.tryAgain : "Start the assessment"}
        </Button>
        <p className="text-sm text-muted">
          {learner.attemptsLeft} of {plural(status.maxAttempts, "attempt")} left in the current {status.attemptWindowHours} hours.
        </p>
      </div>
    </div>
  );
}

function AttemptHistory({ learner, courseSlug, passMark }: { learner: Learner; courseSlug: string; passMark: number }) {
  const numbered = [...learner.attempts].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).map((attempt, i) => ({ attempt, number: i + 1 }));
  return (
    <section aria-labelledby="history-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-6 sm:p-8">
      <h2 id="history-heading" className="text-lg font-bold tracking-tight">
        Your attempts
      </h2>
      {learner.bestScore !== null && (
        <div className={cn("mt-4 flex items-center gap-3 rounded-xl px-4 py-3", learner.passed ? "bg-success-bg" : "bg-surface")}>
          <Award aria-hidden="true" className={cn("size-6 shrink-0", learner.passed ? "text-success" : "text-muted")} />
          <p className="text-sm" data-testid="best-score">
            <span className="block text-xs font-semibold uppercase tracking-wider text-muted">Best score</span>{" "}
            <span className="text-xl font-bold tabular-nums text-ink">{learner.bestScore} %</span> <span className="text-muted">(pass mark {passMark} %)</span>
          </p>
        </div>
      )}
      {numbered.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No attempts yet.</p>
      ) : (
        <ol className="mt-4 grid gap-2">
          {numbered.reverse().map(({ attempt, number }) => (
            <HistoryRow key={attempt.id} attempt={attempt} number={number} courseSlug={courseSlug} />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryRow({ attempt, number, courseSlug }: { attempt: AttemptSummary; number: number; courseSlug: string }) {
  const outcome =
    attempt.status === "submitted" ? (attempt.passed ? "Passed" : "Not passed") : attempt.status === "open" ? "In progress" : "Expired, not submitted";
  const body = (
    <>
      <span className="flex-1">
        <span className="block font-semibold text-ink">Attempt {number}</span>
        <span className="block text-xs text-muted">{formatMoment(attempt.submittedAt ?? attempt.startedAt)}</span>
      </span>
      <span className="text-right">
        {attempt.score !== null && <span className="block font-semibold tabular-nums text-ink">{attempt.score} %</span>}
        <span className={cn("block text-xs font-semibold", attempt.passed ? "text-success" : attempt.status === "submitted" ? "text-danger" : "text-muted")}>
          {outcome}
        </span>
      </span>
    </>
  );
  return (
    <li>
      {attempt.status === "expired" ? (
        <div className="flex items-center gap-3 rounded-xl bg-surface px-4 py-3 text-sm">{body}</div>
      ) : (
        <Link
          to={assessmentPath(courseSlug, attempt.id)}
          aria-label={`Attempt ${number}: ${attempt.score !== null ? `${attempt.score} %, ` : ""}${outcome}. ${attempt.status === "open" ? "Resume" : "Review"}`}
          className="flex items-center gap-3 rounded-xl bg-surface px-4 py-3 text-sm transition-colors hover:bg-slate-100"
        >
          {body}
        </Link>
      )}
    </li>
  );
}
