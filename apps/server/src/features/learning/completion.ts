import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { progressRepository } from "./progress-repository.ts";
import { learningRepository } from "./repository.ts";

/**
 * A learner's lessons in a course: `done` counts the lessons they completed, `total` counts the
 * course's lessons as they are now (its rows in lessons; the course's stored lesson count is only
 * the catalogue's figure). A lesson added after a learner finished makes the course unfinished.
 */
export type LessonCounts = { done: number; total: number };

/** A course is complete for a learner when it has at least one lesson and they have completed every one of them. */
export const isComplete = ({ done, total }: LessonCounts): boolean => total > 0 && done >= total;

/** Whether the learner has completed the course, with the counts that decide it, read on `db` (a transaction too). */
export async function courseCompletion(db: Kysely<DB>, userId: string, courseId: string): Promise<LessonCounts & { complete: boolean }> {
  const counts = await progressRepository(db).lessonCounts(userId, courseId);
  return { ...counts, complete: isComplete(counts) };
}

/**
 * After a course's lessons change (an author's or the seeder's write): its stored lesson count and
 * duration are recomputed, and an enrolment marked finished whose learner no longer has every
 * lesson done (a lesson was added) is marked unfinished: their progress shows the new lesson to
 * do. Certificates already issued are kept (they name the version completed).
 */
export async function lessonsChanged(db: Kysely<DB>, courseId: string): Promise<void> {
  const total = await learningRepository(db).refreshCourseTotals(courseId);
  const progress = progressRepository(db);
  const finished = await progress.finishedEnrolments(courseId);
  await progress.setCompletedAt(
    finished.filter((e) => !isComplete({ done: Number(e.done), total })).map((e) => e.id),
    null,
  );
}
