import { TRACKS, type Course, type Lesson, type UserProgress } from "@vestin/shared/learning";
import type { CourseRow, LessonRow } from "./repository.ts";

export const jsonList = <T>(json: string): T[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

export function trackPosition(category: string): number {
  const index = TRACKS.findIndex((t) => t.title === category);
  return index === -1 ? 99 : index + 1;
}

/** A course as the API answers it; `enrollmentCount` comes from the enrolments (`enrollmentCounts`). */
export function toCourse(row: CourseRow, progress: UserProgress | null, enrollmentCount: number): Course {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    difficulty: row.difficulty,
    duration: Number(row.duration_minutes),
    totalLessons: Number(row.total_lessons),
    enrollmentCount,
    levelColor: row.level_color,
    order: Number(row.course_order),
    userProgress: progress,
  };
}

/** A course as the admin console lists it: its status too. */
export const toEditedCourse = (row: CourseRow, enrollmentCount: number) => ({ ...toCourse(row, null, enrollmentCount), status: row.status });

/**
 * Whether a lesson's title or text changed after the learner completed it (the "Updated" mark):
 * its content_updated_at is later than the completion. A visit does not clear it (ADR 33): it says
 * what happened to the lesson, and a page view is no proof of re-reading.
 */
export function updatedSinceCompletion(contentUpdatedAt: string | null, completedAt: string | undefined): boolean {
  return completedAt !== undefined && contentUpdatedAt !== null && contentUpdatedAt > completedAt;
}

/** A learner's state of one lesson; `completedAt` is given with the "Updated" mark only. */
export type LessonState = { isCompleted: boolean; isCurrent: boolean; updatedSinceCompletion?: boolean; completedAt?: string | null };

export function toLesson(row: LessonRow, state: LessonState): Lesson {
  return {
    _id: row.id,
    courseId: row.course_id,
    slug: row.slug,
    lessonNumber: Number(row.lesson_number),
    title: row.title,
    description: row.description,
    content: row.content_html,
    duration: row.duration,
    isCompleted: state.isCompleted,
    isCurrent: state.isCurrent,
    updatedSinceCompletion: state.updatedSinceCompletion ?? false,
    completedAt: state.updatedSinceCompletion ? (state.completedAt ?? null) : null,
    learningObjectives: jsonList<string>(row.learning_objectives),
    keyTakeaways: jsonList<string>(row.key_takeaways),
    prerequisites: jsonList<string>(row.prerequisites),
    resources: jsonList<{ name: string; url?: string }>(row.resources),
    videoUrl: row.video_url,
    videoDescription: row.video_description,
  };
}

/**
 * The current lesson is the lowest-numbered one not completed; lesson 1 when the learner is not
 * enrolled or has finished the course.
 */
export function currentLessonNumber(lessons: Array<{ id: string; lesson_number: number }>, completed: ReadonlySet<string>, enrolled: boolean): number {
  const first = lessons[0]?.lesson_number ?? 1;
  if (!enrolled) return first;
  const next = lessons.find((l) => !completed.has(l.id));
  return next ? next.lesson_number : first;
}
