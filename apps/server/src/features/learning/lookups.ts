import type { Kysely } from "kysely";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { learningRepository, type CourseRow, type LessonRow } from "./repository.ts";

/**
 * Courses, lessons and enrolments found or answered 404: what the learning service's parts use,
 * and what features/assessments asks of learning (through the feature's index.ts).
 */
export function learningLookups(db: Kysely<DB>) {
  const repo = learningRepository(db);

  async function publishedCourse(idOrSlug: string): Promise<CourseRow> {
    const row = await repo.findPublishedCourse(idOrSlug);
    if (!row) throw notFound(LEARNING_MESSAGES.courseNotFound);
    return row;
  }

  return {
    /** A published course, by id or slug. */
    publishedCourse,

    /** A course whatever its status (the authors' side). */
    async anyCourse(idOrSlug: string): Promise<CourseRow> {
      const row = await repo.findCourse(idOrSlug);
      if (!row) throw notFound(LEARNING_MESSAGES.courseNotFound);
      return row;
    },

    /** A published lesson (its course published too). */
    async publishedLesson(id: string): Promise<{ lesson: LessonRow; course: CourseRow }> {
      const lesson = await repo.findLesson(id);
      const course = lesson ? await repo.findPublishedCourse(lesson.course_id) : undefined;
      if (!lesson || !course) throw notFound(LEARNING_MESSAGES.lessonNotFound);
      return { lesson, course };
    },

    /** A lesson whatever its course's status (the authors' side). */
    async anyLesson(id: string): Promise<LessonRow> {
      const row = await repo.findLesson(id);
      if (!row) throw notFound(LEARNING_MESSAGES.lessonNotFound);
      return row;
    },

    /** Whether the learner is enrolled in the course. */
    isEnrolled: async (userId: string, courseId: string): Promise<boolean> => Boolean(await repo.findEnrollment(userId, courseId)),
  };
}

export type LearningLookups = ReturnType<typeof learningLookups>;
