import { Link } from "react-router";
import { levelColor } from "@vestin/shared/learning-core";
import type { MyCourse } from "@vestin/shared/me";
import { DifficultyBadge } from "~/features/learning";
import { coursePath } from "../paths";

/** A course card's top: category, difficulty, and the title linking to the course page. */
export function CourseHeading({ course, children }: { course: MyCourse; children?: React.ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-teal-dark" data-testid="course-category">
          {course.category}
        </p>
        <DifficultyBadge difficulty={course.difficulty} levelColor={levelColor(course.difficulty)} />
        {children}
      </div>
      <h3 className="mt-3 text-lg font-bold leading-snug tracking-tight text-balance sm:text-xl">
        <Link to={coursePath(course.slug)} className="hover:text-brand-violet focus-visible:text-brand-violet">
          {course.title}
        </Link>
      </h3>
    </>
  );
}
