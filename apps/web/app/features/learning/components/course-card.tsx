import { BookOpen, CheckCircle2, Clock, Users } from "lucide-react";
import { formatDuration, type Course } from "@vestin/shared/learning";
import { Button } from "~/components/ui/button";
import { DifficultyBadge, ProgressBar } from "./badges";

export function courseAction(course: Pick<Course, "userProgress">): "Start Course" | "Continue Course" | "Completed" {
  const p = course.userProgress?.progressPercentage ?? 0;
  if (p >= 100) return "Completed";
  return p > 0 ? "Continue Course" : "Start Course";
}

/** A course in the catalogue or a track; `onOpen` decides between the course page and the login prompt. */
export function CourseCard({ course, onOpen, position }: { course: Course; onOpen: (course: Course) => void; position?: number }) {
  const action = courseAction(course);
  const progress = course.userProgress;
  return (
    <article className="flex flex-col rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg">
      <div className="flex items-center gap-2">
        {position !== undefined && (
          <span
            className="inline-flex size-7 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white"
            aria-label={`Course ${position}`}
          >
            {position}
          </span>
        )}
        <DifficultyBadge difficulty={course.difficulty} levelColor={course.levelColor} />
        <span className="ml-auto truncate text-xs text-muted">{course.category}</span>
      </div>
      <h3 className="mt-4 text-lg font-bold leading-snug tracking-tight">
        <a
          href={`/learn/course/${course.slug}`}
          onClick={(e) => {
            e.preventDefault();
            onOpen(course);
          }}
          className="hover:text-brand-violet"
        >
          {course.title}
        </a>
      </h3>
      <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted">{course.description}</p>
      <dl className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <div className="inline-flex items-center gap-1">
          <dt className="sr-only">Duration</dt>
          <Clock aria-hidden="true" className="size-3.5" />
          <dd>{formatDuration(course.duration)}</dd>
        </div>
        <div className="inline-flex items-center gap-1">
          <dt className="sr-only">Lessons</dt>
          <BookOpen aria-hidden="true" className="size-3.5" />
          <dd>{course.totalLessons} lessons</dd>
        </div>
        <div className="inline-flex items-center gap-1">
          <dt className="sr-only">Students</dt>
          <Users aria-hidden="true" className="size-3.5" />
          <dd>{course.enrollmentCount} students</dd>
        </div>
      </dl>
      {progress && (
        <div className="mt-4">
          <ProgressBar percent={progress.progressPercentage} label={`${course.title} progress`} />
          <p className="mt-1.5 text-xs text-muted">
            {progress.completedLessons} of {progress.totalLessons} lessons completed
          </p>
        </div>
      )}
      <div className="mt-auto pt-5">
        <Button
          variant={action === "Completed" ? "outline" : action === "Continue Course" ? "secondary" : "primary"}
          className="w-full"
          aria-label={`${action}: ${course.title}`}
          onClick={() => onOpen(course)}
        >
          {action === "Completed" && <CheckCircle2 aria-hidden="true" className="size-4 text-success" />}
          {action}
        </Button>
      </div>
    </article>
  );
}
