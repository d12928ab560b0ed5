import type { Kysely } from "kysely";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { certificatesRepository } from "./certificates-repository.ts";
import { courseCompletion } from "./completion.ts";
import { progressRepository } from "./progress-repository.ts";
import { learningRepository, type CourseRow, type LessonRow } from "./repository.ts";

/**
 * Courses, lessons, enrolments and certificates found (or answered 404): what the learning
 * service's parts use, and what other features (assessments) ask of learning through the
 * feature's index.ts. Built on a connection: `learningLookups(trx)` reads and writes in that
 * transaction.
 */
export function learningLookups(db: Kysely<DB>) {
  const repo = learningRepository(db);
  const progress = progressRepository(db);

  /** For each (learner, course) pair in its order, the code of the learner's certificate of the course or null, in one read. */
  async function certificateCodes(pairs: readonly { userId: string; courseId: string }[]): Promise<(string | null)[]> {
    const held = await certificatesRepository(db).findMany(pairs);
    return pairs.map((pair) => held.find((c) => c.user_id === pair.userId && c.course_id === pair.courseId)?.code ?? null);
  }

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
    isEnrolled: async (userId: string, courseId: string): Promise<boolean> => Boolean(await progress.findEnrollment(userId, courseId)),

    /** Whether the learner has completed the course, with their lesson counts (completion.ts: the one definition). */
    courseCompletion: (userId: string, courseId: string) => courseCompletion(db, userId, courseId),

    /**
     * Holds the learner's enrolment in the course until the transaction ends, so two writes about
     * them in that course (two attempts started at once) happen one after the other. False when
     * not enrolled.
     */
    lockEnrolment: async (userId: string, courseId: string): Promise<boolean> => Boolean(await progress.lockEnrolment(userId, courseId)),

    /** The lessons of these courses by number, without their text, in one read. */
    lessonOutlines: (courseIds: readonly string[]) => repo.lessonOutline([...new Set(courseIds)]),

    certificateCodes,

    /** The code of the learner's certificate of the course, or null. */
    certificateCode: async (userId: string, courseId: string): Promise<string | null> => (await certificateCodes([{ userId, courseId }]))[0] ?? null,

    /** The first published course of a track, in catalogue order. */
    firstCourseOfTrack: (trackTitle: string) => repo.firstPublishedCourseOf(trackTitle),

    /** Every course's id and slug (the seeders match their files by slug). */
    courseSlugs: () => repo.courseSlugs(),
  };
}

export type LearningLookups = ReturnType<typeof learningLookups>;
