import { ArrowRight, Compass, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import type { PlacementResult } from "@vestin/shared/assessments";
import { ButtonLink } from "~/components/ui/button";
import { PLACEMENT_PATH } from "~/features/assessments";
import { MY_LEARNING_COPY } from "../copy";
import { formatDay } from "../labels";
import { coursePath } from "../paths";

/** The saved placement result: the recommended track and its first course, and the way to retake the quiz. */
export function PlacementSummary({ result }: { result: PlacementResult }) {
  const { recommendation } = result;
  return (
    <section
      aria-labelledby="placement-summary-heading"
      className="overflow-hidden rounded-[var(--radius-card)] bg-navy-950 text-white shadow-[var(--shadow-card)]"
      data-testid="placement-summary"
    >
      <div className="relative p-5 sm:p-6">
        <div aria-hidden="true" className="pointer-events-none absolute -right-20 -top-20 size-56 rounded-full bg-brand-violet/30 blur-3xl" />
        <h2 id="placement-summary-heading" className="relative flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brand-teal">
          <Compass aria-hidden="true" className="size-4" /> {MY_LEARNING_COPY.placementHeading}
        </h2>
        <p className="relative mt-3 text-sm text-slate-300">Recommended track</p>
        <p className="relative text-xl font-bold tracking-tight text-balance" data-testid="placement-track">
          <Link to={`/learn/track/${recommendation.trackSlug}`} className="hover:underline">
            {recommendation.trackTitle}
          </Link>
        </p>
        {recommendation.courseSlug && recommendation.courseTitle && (
          <ButtonLink to={coursePath(recommendation.courseSlug)} className="relative mt-5 h-auto! min-h-11 w-full whitespace-normal! py-2.5 text-center">
            {MY_LEARNING_COPY.placementStart} {recommendation.courseTitle} <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
          </ButtonLink>
        )}
        <div className="relative mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          {result.savedAt && <span className="text-slate-300">Taken {formatDay(result.savedAt)}</span>}
          <Link to={PLACEMENT_PATH} className="inline-flex items-center gap-1.5 font-semibold text-white underline-offset-4 hover:underline">
            <RotateCcw aria-hidden="true" className="size-4" /> {MY_LEARNING_COPY.placementRetake}
          </Link>
        </div>
      </div>
    </section>
  );
}
