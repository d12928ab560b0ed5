import type { ReactNode } from "react";
import type { MyCourse } from "@vestin/shared/me";
import { Link } from "react-router";
import { UpdatedBadge } from "~/features/learning";
import { lessonPath } from "../paths";
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
      {course.updatedLessons.length > 0 && (
        <div className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm" data-testid="updated-lessons">
          <p className="flex flex-wrap items-center gap-2 text-amber-900">
            <UpdatedBadge /> since you completed {course.updatedLessons.length === 1 ? "it" : "them"}:
          </p>
          <ul className="mt-1 space-y-0.5">
            {course.updatedLessons.map((lesson) => (
              <li key={lesson.lessonId}>
                <Link to={lessonPath(course.slug, lesson.lessonSlug)} className="font-medium text-ink underline-offset-2 hover:underline">
                  Lesson {lesson.lessonNumber} · {lesson.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {children}
    </article>
  );
}
