import { ArrowRight, History } from "lucide-react";
import { Link } from "react-router";
import { MY_LEARNING_COPY } from "../copy";
import { coursePath, MY_LEARNING_PATH } from "../paths";
import { useMyLearning } from "../use-my-learning";
import { CourseProgress } from "./course-progress";
import { ResumeLink } from "./resume-link";

/**
 * The learning home's "Continue where you left off": the course in progress the learner opened
 * last. Nothing for visitors, for learners without a course in progress, or when it cannot load
 * (the rest of the page is the same for everyone and is served from the shared cache).
 */
export function ContinueStrip() {
  const { state } = useMyLearning();
  const course = state.phase === "ready" ? state.data.inProgress[0] : undefined;
  if (!course) return null;
  return (
    <section aria-labelledby="continue-heading" className="border-b border-line bg-surface" data-testid="continue-strip">
      <div className="container-page flex flex-col gap-4 py-5 md:flex-row md:items-center md:gap-8">
        <span aria-hidden="true" className="hidden size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-gradient text-white md:inline-flex">
          <History className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="continue-heading" className="text-xs font-semibold uppercase tracking-widest text-brand-teal-dark">
            {MY_LEARNING_COPY.stripEyebrow}
          </h2>
          <p className="mt-1 font-bold tracking-tight text-ink sm:text-lg md:truncate">
            <Link to={coursePath(course.slug)} className="hover:text-brand-violet">
              {course.title}
            </Link>
          </p>
          <CourseProgress course={course} className="mt-2 max-w-md" />
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          {course.resume && <ResumeLink courseSlug={course.slug} resume={course.resume} className="max-w-md" />}
          <Link to={MY_LEARNING_PATH} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-violet hover:underline">
            {MY_LEARNING_COPY.stripAll} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
