import { BookOpen, CheckCircle2, ClipboardCheck, Clock, Users } from "lucide-react";
import type { ReactNode } from "react";
import { formatDuration, studentsLabel } from "@vestin/shared/learning-core";
import type { Course } from "@vestin/shared/learning";
import { Button, ButtonLink } from "~/components/ui/button";
import { ASSESSMENT_COPY } from "~/features/assessments";
import { DifficultyBadge, ProgressBar } from "./badges";
import { FactList } from "./fact-list";

export function courseAction(course: Pick<Course, "userProgress">): "Start Course" | "Continue Course" | "Completed" {
  const p = course.userProgress?.progressPercentage ?? 0;
  if (p >= 100) return "Completed";
  return p > 0 ? "Continue Course" : "Start Course";
}

/**
 * A course in the catalogue or a track; `onOpen` decides between the course page and the login
 * prompt. `finalAssessment`: the address of the assessment the learner, every lesson done, has still
 * to pass; the button then leads there instead of saying "Completed". `offer`: a line the page
 * composes above the button (the XP a running sprint's quest gives for the course).
 */
export function CourseCard({
  course,
  onOpen,
  position,
  finalAssessment,
  offer,
}: {
  course: Course;
  onOpen: (course: Course) => void;
  position?: number;
  finalAssessment?: string | undefined;
  offer?: ReactNode;
}) {
  const action = courseAction(course);
  const progress = course.userProgress;
  return (
    <article className="flex flex-col rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg">
      <div className="flex items-center gap-2">
        {position !== undefined && (
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white">
            <span className="sr-only">Course </span>
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
      <FactList
        facts={[
          { term: "Duration", icon: Clock, value: formatDuration(course.duration) },
          { term: "Lessons", icon: BookOpen, value: <>{course.totalLessons} lessons</> },
          { term: "Students", icon: Users, value: studentsLabel(course.enrollmentCount), testId: "course-students" },
        ]}
      />
      {progress && (
        <div className="mt-4">
          <ProgressBar percent={progress.progressPercentage} label={`${course.title} progress`} />
          <p className="mt-1.5 text-xs text-muted">
            {progress.completedLessons} of {progress.totalLessons} lessons completed
          </p>
        </div>
      )}
      {offer && <div className="mt-4">{offer}</div>}
      <div className="mt-auto pt-5">
        {action === "Completed" && finalAssessment ? (
          <ButtonLink to={finalAssessment} className="w-full" aria-label={`${ASSESSMENT_COPY.takeFinal}: ${course.title}`}>
            <ClipboardCheck aria-hidden="true" className="size-4" />
            {ASSESSMENT_COPY.takeFinal}
          </ButtonLink>
        ) : (
          <Button
            variant={action === "Completed" ? "outline" : action === "Continue Course" ? "secondary" : "primary"}
            className="w-full"
            aria-label={`${action}: ${course.title}`}
            onClick={() => onOpen(course)}
          >
            {action === "Completed" && <CheckCircle2 aria-hidden="true" className="size-4 text-success" />}
            {action}
          </Button>
        )}
      </div>
    </article>
  );
}
