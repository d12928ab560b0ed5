import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** A graded attempt as learn-and-earn weighs it: its score, whether it passed, how long it took and over how many questions. */
export async function attemptForQuests(db: Kysely<DB>, attemptId: string) {
  const row = await db
    .selectFrom("assessment_attempts")
    .select(["id", "user_id", "course_id", "score", "passed", "started_at", "submitted_at", "total"])
    .where("id", "=", attemptId)
    .executeTakeFirst();
  if (!row || row.submitted_at === null) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    courseId: row.course_id,
    score: row.score ?? 0,
    passed: row.passed === 1,
    total: row.total,
    durationSeconds: Math.max(0, Math.round((Date.parse(row.submitted_at) - Date.parse(row.started_at)) / 1000)),
  };
}

/** The learner's passing attempt with the best score in the course, submitted by `until` (the earliest of equal scores). */
export async function bestPassingAttempt(db: Kysely<DB>, userId: string, courseId: string, until: string) {
  const row = await db
    .selectFrom("assessment_attempts")
    .select("id")
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .where("passed", "=", 1)
    .where("submitted_at", "<=", until)
    .orderBy("score", "desc")
    .orderBy("submitted_at", "asc")
    .executeTakeFirst();
  return row ? attemptForQuests(db, row.id) : undefined;
}

/** Which of these courses have a final assessment. */
export async function coursesWithAssessment(db: Kysely<DB>, courseIds: readonly string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db.selectFrom("course_assessments").select("course_id").where("course_id", "in", courseIds).execute();
  return new Set(rows.map((r) => r.course_id));
}
