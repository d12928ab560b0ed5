import { ArrowRight, Compass, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { PlacementQuestion, PlacementResult } from "@vestin/shared/assessments";
import { Button, ButtonLink } from "~/components/ui/button";
import { signInPath } from "~/lib/session/redirects";
import { cn } from "~/lib/cn";
import { ASSESSMENT_COPY } from "../copy";
import { formatMoment } from "../format";
import { PLACEMENT_PATH } from "../paths";
import { placementReview, QuestionReview, ReviewSection } from "./question-review";

/** A graded placement quiz: the recommended track and first course, the score per track, and the explanations. */
export function PlacementResultView({
  result,
  questions,
  signedIn,
  onRetake,
}: {
  result: PlacementResult;
  questions: PlacementQuestion[];
  signedIn: boolean;
  onRetake: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the result is the trigger, not an input: the heading stays mounted when the quiz is taken again, and each new result takes the focus
  useEffect(() => heading.current?.focus({ preventScroll: true }), [result]);
  const { recommendation } = result;
  return (
    <div className="grid gap-10">
      <section
        aria-labelledby="recommendation-heading"
        className="overflow-hidden rounded-[var(--radius-card)] bg-navy-950 text-white shadow-[var(--shadow-card)]"
        data-testid="placement-recommendation"
      >
        <div className="relative p-6 sm:p-10">
          <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-brand-violet/30 blur-3xl" />
          <p className="relative flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brand-teal">
            <Compass aria-hidden="true" className="size-4" /> Your recommendation
          </p>
          <h2
            id="recommendation-heading"
            ref={heading}
            tabIndex={-1}
            className="relative mt-3 text-2xl font-bold tracking-tight text-balance focus:outline-none sm:text-4xl"
          >
            {recommendation.trackTitle}
          </h2>
          <p className="relative mt-3 max-w-2xl leading-relaxed text-slate-300">{recommendation.reason}</p>
          <div className="relative mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {recommendation.courseSlug && recommendation.courseTitle && (
              <ButtonLink to={`/learn/course/${recommendation.courseSlug}`} size="lg" className="h-auto! min-h-12 whitespace-normal! py-3 text-center">
                Start with {recommendation.courseTitle} <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
              </ButtonLink>
            )}
            <ButtonLink
              to={`/learn/track/${recommendation.trackSlug}`}
              variant="light"
              size="lg"
              className="h-auto! min-h-12 whitespace-normal! py-3 text-center"
            >
              Explore the {recommendation.trackTitle} track
            </ButtonLink>
          </div>
          <p className="relative mt-6 text-sm text-slate-300" data-testid="placement-saved">
            {result.savedAt ? (
              `Saved to your account on ${formatMoment(result.savedAt)}.`
            ) : signedIn ? null : (
              <>
                <Link to={signInPath(PLACEMENT_PATH)} className="font-semibold text-white underline underline-offset-2">
                  Sign in
                </Link>{" "}
                and take the quiz again to keep your result with your account.
              </>
            )}
          </p>
        </div>
      </section>

      <section aria-labelledby="track-scores-heading">
        <h2 id="track-scores-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          Your score by track
        </h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {result.tracks.map((track) => {
            const share = track.total ? track.correct / track.total : 0;
            const recommended = track.slug === recommendation.trackSlug;
            return (
              <li
                key={track.slug}
                className={cn("rounded-xl border bg-white p-4", recommended ? "border-brand-violet/50 ring-1 ring-brand-violet/30" : "border-line")}
                data-track-score={track.slug}
              >
                <div className="flex items-baseline justify-between gap-3">
                  <Link to={`/learn/track/${track.slug}`} className="font-semibold text-ink hover:text-brand-violet">
                    {track.title}
                  </Link>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">
                    {track.correct} of {track.total} right
                  </span>
                </div>
                <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
                  <div className="h-full rounded-full bg-brand-gradient" style={{ width: `${Math.round(share * 100)}%` }} />
                </div>
                {recommended && <p className="mt-2 text-xs font-semibold text-brand-violet">Recommended</p>}
              </li>
            );
          })}
        </ul>
      </section>

      <ReviewSection id="placement-review-heading" title="Questions and explanations">
        <QuestionReview questions={questions} results={placementReview(result.questions)} />
      </ReviewSection>

      <div>
        <Button variant="outline" size="lg" onClick={onRetake}>
          <RotateCcw aria-hidden="true" className="size-5" /> {ASSESSMENT_COPY.retake}
        </Button>
      </div>
    </div>
  );
}
