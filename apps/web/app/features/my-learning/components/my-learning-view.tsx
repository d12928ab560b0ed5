import { ArrowRight, Library } from "lucide-react";
import type { ReactNode } from "react";
import type { MyLearning } from "@vestin/shared/me";
import { ButtonLink } from "~/components/ui/button";
import { MY_LEARNING_COPY } from "../copy";
import { COURSES_PATH } from "../paths";
import { CompletedCard } from "./completed-card";
import { EmptyLearning } from "./empty-learning";
import { InProgressCard } from "./in-progress-card";
import { PlacementSummary } from "./placement-summary";

function CourseSection({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <div className="flex items-baseline gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight sm:text-2xl">
          {title}
        </h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold tabular-nums text-muted">
          {count}
          <span className="sr-only"> {count === 1 ? "course" : "courses"}</span>
        </span>
      </div>
      <ul className="mt-5 grid gap-4 md:grid-cols-2">{children}</ul>
    </section>
  );
}

function BrowseMore() {
  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
      <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-teal/10 text-brand-teal-dark">
        <Library className="size-5" />
      </span>
      <h2 className="mt-3 font-bold tracking-tight">{MY_LEARNING_COPY.browseMore}</h2>
      <p className="mt-1 text-sm leading-relaxed text-muted">{MY_LEARNING_COPY.browseMoreBody}</p>
      <ButtonLink to={COURSES_PATH} variant="outline" size="sm" className="mt-4">
        {MY_LEARNING_COPY.emptyCourses} <ArrowRight aria-hidden="true" className="size-4" />
      </ButtonLink>
    </div>
  );
}

/** My learning: courses in progress first, then completed ones, with the placement result beside them. */
export function MyLearningView({ data }: { data: MyLearning }) {
  const { inProgress, completed, placement } = data;
  const empty = inProgress.length === 0 && completed.length === 0;
  if (empty && !placement) {
    return (
      <div className="mx-auto max-w-3xl">
        <EmptyLearning showPlacement />
      </div>
    );
  }
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-12">
        {empty && <EmptyLearning showPlacement={false} />}
        {inProgress.length > 0 && (
          <CourseSection id="in-progress" title={MY_LEARNING_COPY.inProgressHeading} count={inProgress.length}>
            {inProgress.map((course) => (
              <li key={course.courseId}>
                <InProgressCard course={course} />
              </li>
            ))}
          </CourseSection>
        )}
        {completed.length > 0 && (
          <CourseSection id="completed" title={MY_LEARNING_COPY.completedHeading} count={completed.length}>
            {completed.map((course) => (
              <li key={course.courseId}>
                <CompletedCard course={course} />
              </li>
            ))}
          </CourseSection>
        )}
      </div>
      <aside aria-label="Recommendations" className="grid gap-6 lg:sticky lg:top-32">
        {placement && <PlacementSummary result={placement} />}
        {!empty && <BrowseMore />}
      </aside>
    </div>
  );
}

/** Placeholder cards while the learner's courses load (or while the session is checked). */
export function MyLearningLoading({ text }: { text: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="text-sm text-muted">
        {text}
      </p>
      <div aria-hidden="true" className="mt-5 grid animate-pulse gap-4 md:grid-cols-2 lg:max-w-[calc(100%-22.5rem)]">
        {[0, 1].map((i) => (
          <div key={i} className="rounded-[var(--radius-card)] border border-line bg-white p-6">
            <div className="h-3 w-1/3 rounded bg-slate-100" />
            <div className="mt-4 h-5 w-3/4 rounded bg-slate-100" />
            <div className="mt-6 h-2 rounded-full bg-slate-100" />
            <div className="mt-6 h-11 w-2/3 rounded-full bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
