import { formatLocalDate } from "@vestin/shared/format-date";
import type { MyCourse, Resume } from "@vestin/shared/me";

/** "Resume: Lesson 3 · Metadata and Storage" */
export const resumeLabel = (resume: Pick<Resume, "lessonNumber" | "title">) => `Resume: Lesson ${resume.lessonNumber} · ${resume.title}`;

/** "Lesson 3 · Metadata and Storage": the lesson a course's Continue Course opens. */
export const nextLessonLabel = (lesson: Pick<Resume, "lessonNumber" | "title">) => `Lesson ${lesson.lessonNumber} · ${lesson.title}`;

/** "3/9 lessons · 33%" */
export const progressLabel = (course: Pick<MyCourse, "completedLessons" | "totalLessons" | "progressPercentage">) =>
  `${course.completedLessons}/${course.totalLessons} lessons · ${course.progressPercentage}%`;

/** "Score 92 %" for a certificate earned with an assessment, null for one earned by completing the lessons. */
export const scoreLabel = (score: number | null) => (score === null ? null : `Score ${score} %`);

/** A day in the learner's own time zone ("Mar 12, 2026"); personal views render in the browser only. */
export const formatDay = (iso: string) => formatLocalDate(iso, "short");

/** What a completed course offers next: its certificate, its final assessment, or nothing more. */
export type CompletedNext =
  | { kind: "certificate"; code: string; issuedAt: string; score: number | null }
  | { kind: "assessment" }
  | { kind: "passed" }
  | { kind: "done" };

export function completedNext(course: Pick<MyCourse, "certificate" | "assessmentPassed">): CompletedNext {
  if (course.certificate) return { kind: "certificate", ...course.certificate };
  if (course.assessmentPassed === false) return { kind: "assessment" };
  if (course.assessmentPassed === true) return { kind: "passed" };
  return { kind: "done" };
}
