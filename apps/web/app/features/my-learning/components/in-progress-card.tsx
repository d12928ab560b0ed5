import { ArrowRight } from "lucide-react";
import type { MyCourse } from "@vestin/shared/me";
import { ButtonLink } from "~/components/ui/button";
import { MY_LEARNING_COPY } from "../copy";
import { formatDay } from "../labels";
import { coursePath } from "../paths";
import { CourseProgress } from "./course-progress";
import { MyCourseCard } from "./my-course-card";
import { ResumeLink } from "./resume-link";

/** A course in progress: where the learner stands and the lesson to pick up. */
export function InProgressCard({ course }: { course: MyCourse }) {
  return (
    <MyCourseCard course={course} testId="in-progress-course">
      <CourseProgress course={course} className="mt-5" />
      <p className="mt-2 text-xs text-muted">
        {course.lastVisitedAt ? `Last opened ${formatDay(course.lastVisitedAt)}` : `Enrolled ${formatDay(course.enrolledAt)}`}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-3 pt-5">
        {course.resume ? (
          <ResumeLink courseSlug={course.slug} resume={course.resume} />
        ) : (
          <ButtonLink to={coursePath(course.slug)}>
            {MY_LEARNING_COPY.continueCourse} <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        )}
      </div>
    </MyCourseCard>
  );
}
