import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { nowIso } from "../../lib/ids.ts";
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
 * duration are recomputed, and each enrolment's finished mark follows isComplete. A learner who
 * had finished but has not done a lesson added since is no longer finished: their progress shows
 * the new lesson to do (certificates already issued are kept: they name the version completed).
 * A learner whose only lesson not done was deleted has finished: their ids are answered, for
 * their certificates.
 */
export async function lessonsChanged(db: Kysely<DB>, courseId: string): Promise<string[]> {
  const total = await learningRepository(db).refreshCourseTotals(courseId);
  const progress = progressRepository(db);
  const enrolments = await progress.enrolmentsWithDone(courseId);
  const complete = (e: { done: number | string }) => isComplete({ done: Number(e.done), total });
  const reopened = enrolments.filter((e) => e.completed_at !== null && !complete(e));
  const finished = enrolments.filter((e) => e.completed_at === null && complete(e));
  await progress.setCompletedAt(
    reopened.map((e) => e.id),
    null,
  );
  await progress.setCompletedAt(
    finished.map((e) => e.id),
    nowIso(),
  );
  return finished.map((e) => e.user_id);
}
