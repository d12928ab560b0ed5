import { Award, RotateCcw, XCircle } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { ASSESSMENT_DEFAULTS } from "@vestin/shared/assessments-core";
import type { AssessmentStatus, Attempt } from "@vestin/shared/assessments";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import { ASSESSMENT_COPY } from "../copy";
import { formatMoment, plural } from "../format";
import { certificatePath } from "../paths";
import { QuestionReview, ReviewSection } from "./question-review";
import { ScoreMeter } from "./score-meter";

/**
 * A graded attempt: the score against the pass mark, what to do next (the certificate, or another
 * try while attempts are left), and every question with the learner's answer, the lesson to
 * reread for a wrong one, and the right answer and explanation when the review policy allows.
 * `children`: what the page adds under the result (the XP a passed attempt earns in a sprint).
 */
export function AttemptResult({
  attempt,
  status,
  courseSlug,
  onTryAgain,
  starting,
  startError,
  children,
}: {
  attempt: Attempt;
  status: AssessmentStatus | null;
  courseSlug: string;
  onTryAgain: () => void;
  starting: boolean;
  startError: string | null;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const result = attempt.result;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt is the trigger, not an input: the heading stays mounted from one graded attempt to the next, and each new result takes the focus
  useEffect(() => heading.current?.focus(), [attempt.id]);
  if (!result) return null;
  const learner = status?.learner ?? null;
  const certificate = attempt.certificateCode ?? learner?.certificateCode ?? null;
  const passedBefore = !result.passed && learner?.passed;

  return (
    <div className="grid gap-10">
      <section
        aria-labelledby="result-heading"
        className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-10"
        data-testid="attempt-result"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
          {/* On a phone the icon and the figure share the first row; from sm they flank the text. */}
          <div className="flex items-center justify-between sm:contents">
            <span
              aria-hidden="true"
              className={cn(
                "inline-flex size-14 shrink-0 items-center justify-center rounded-full sm:order-1 sm:size-16",
                result.passed ? "bg-brand-gradient text-white" : "bg-danger-bg text-danger",
              )}
            >
              {result.passed ? <Award className="size-7 sm:size-8" /> : <XCircle className="size-7 sm:size-8" />}
            </span>
            <p
              className={cn("text-5xl font-bold tabular-nums tracking-tight sm:order-3 sm:text-6xl", result.passed ? "text-success" : "text-danger")}
              aria-hidden="true"
            >
              {result.score}
              <span className="text-2xl"> %</span>
            </p>
          </div>
          <div className="flex-1 sm:order-2">
            <h2 id="result-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
              {result.passed ? ASSESSMENT_COPY.passedHeading : ASSESSMENT_COPY.failedHeading}
            </h2>
            <p className="mt-2 text-muted" data-testid="score-summary">
              Your score is <strong className="text-ink">{result.score} %</strong>: {result.correct} of {result.total} questions right. The pass mark is{" "}
              {result.passMark} %.
            </p>
          </div>
        </div>
        <ScoreMeter score={result.score} passMark={result.passMark} passed={result.passed} />

        <div className="mt-8 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:flex-wrap sm:items-center">
          {result.passed && certificate && (
            <ButtonLink to={certificatePath(certificate)} size="lg">
              <Award aria-hidden="true" className="size-5" /> {ASSESSMENT_COPY.viewCertificate}
            </ButtonLink>
          )}
          {!result.passed && (
            <TryAgain
              learner={learner}
              maxAttempts={status?.maxAttempts ?? null}
              windowHours={status?.attemptWindowHours ?? 24}
              onTryAgain={onTryAgain}
              starting={starting}
            />
          )}
          <ButtonLink to={`/learn/course/${courseSlug}`} variant="outline" size="lg">
            Back to the course
          </ButtonLink>
        </div>
        {!result.passed && learner && learner.attemptsLeft > 0 && (
          <p id="attempts-left-note" className="mt-3 text-sm text-muted">
            {learner.attemptsLeft} of {plural(status?.maxAttempts ?? learner.attemptsLeft, "attempt")} left in the current {status?.attemptWindowHours ?? 24}{" "}
            hours.
          </p>
        )}
        {passedBefore && (
          <Notice tone="success" className="mt-5">
            You passed this assessment before with {learner?.bestScore ?? 0} %, and your best attempt counts.
            {certificate ? " Your certificate stands." : ""}
          </Notice>
        )}
        {startError && (
          <Notice tone="danger" className="mt-5">
            {startError}
          </Notice>
        )}
        {children}
      </section>

      <ReviewSection
        id="review-heading"
        title="Review your answers"
        note={
          result.keyShown
            ? ASSESSMENT_COPY.reviewWithKey
            : ASSESSMENT_COPY.reviewWithoutKey(result.reviewPolicy, status?.maxAttempts ?? ASSESSMENT_DEFAULTS.maxAttempts)
        }
      >
        <QuestionReview questions={attempt.questions} results={result.questions} courseSlug={courseSlug} />
      </ReviewSection>
    </div>
  );
}

function TryAgain({
  learner,
  maxAttempts,
  windowHours,
  onTryAgain,
  starting,
}: {
  learner: AssessmentStatus["learner"];
  maxAttempts: number | null;
  windowHours: number;
  onTryAgain: () => void;
  starting: boolean;
}) {
  // Until the learner's standing is known, offer nothing rather than a retry that may be refused.
  if (!learner) return null;
  if (learner.attemptsLeft <= 0) {
    return (
      <p className="text-sm text-muted sm:flex-1" data-testid="next-attempt">
        You have used all {plural(maxAttempts ?? learner.attemptsUsed, "attempt")} of the last {windowHours} hours.
        {learner.nextAttemptAt ? ` You can try again ${formatMoment(learner.nextAttemptAt)}.` : ""}
      </p>
    );
  }
  return (
    <Button size="lg" onClick={onTryAgain} disabled={starting} aria-describedby="attempts-left-note">
      <RotateCcw aria-hidden="true" className="size-5" /> {starting ? "Starting…" : ASSESSMENT_COPY.tryAgain}
    </Button>
  );
}
