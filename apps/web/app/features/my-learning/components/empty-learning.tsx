import { BookOpen, Compass } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { PLACEMENT_PATH } from "~/features/assessments";
import { MY_LEARNING_COPY } from "../copy";
import { COURSES_PATH } from "../paths";

/** A learner without courses yet: the catalogue, and the placement quiz unless they have taken it. */
export function EmptyLearning({ showPlacement }: { showPlacement: boolean }) {
  return (
    <section
      aria-labelledby="empty-learning-heading"
      className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-10 text-center sm:px-10 sm:py-14"
      data-testid="my-learning-empty"
    >
      <span aria-hidden="true" className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-gradient text-white">
        <BookOpen className="size-7" />
      </span>
      <h2 id="empty-learning-heading" className="mt-5 text-2xl font-bold tracking-tight">
        {MY_LEARNING_COPY.emptyHeading}
      </h2>
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-muted">{MY_LEARNING_COPY.emptyBody}</p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink to={COURSES_PATH} size="lg">
          {MY_LEARNING_COPY.emptyCourses}
        </ButtonLink>
        {showPlacement && (
          <ButtonLink to={PLACEMENT_PATH} size="lg" variant="outline">
            <Compass aria-hidden="true" className="size-5 shrink-0" /> {MY_LEARNING_COPY.emptyPlacement}
          </ButtonLink>
        )}
      </div>
      {showPlacement && <p className="mx-auto mt-4 max-w-sm text-sm text-muted">{MY_LEARNING_COPY.emptyPlacementNote}</p>}
    </section>
  );
}
