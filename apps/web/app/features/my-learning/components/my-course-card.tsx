import type { ReactNode } from "react";
import type { MyCourse } from "@vestin/shared/me";
import { CourseHeading } from "./course-heading";

/** A card of one of the learner's courses: its heading, then what the list shows of it (`testId` names the list). */
export function MyCourseCard({ course, testId, children }: { course: MyCourse; testId: string; children: ReactNode }) {
  return (
    <article
      className="flex h-full flex-col rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-6"
      data-testid={testId}
      data-course={course.slug}
    >
      <CourseHeading course={course} />
      {children}
    </article>
  );
}
