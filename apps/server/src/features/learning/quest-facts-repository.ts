import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The UTC days (YYYY-MM-DD) on which a learner completed at least one lesson, up to `until`, newest first. */
export async function completionDays(db: Kysely<DB>, userId: string, until: string): Promise<string[]> {
  const rows = await db.selectFrom("lesson_completions").select("completed_at").where("user_id", "=", userId).where("completed_at", "<=", until).execute();
  return [...new Set(rows.map((r) => r.completed_at.slice(0, 10)))].sort().reverse();
}

/** Whether the learner has finished every published course of the track (the courses whose category is the track's title). */
export async function trackFinished(db: Kysely<DB>, userId: string, trackTitle: string): Promise<boolean> {
  const courses = await db.selectFrom("courses").select("id").where("category", "=", trackTitle).where("status", "=", "published").execute();
  if (courses.length === 0) return false;
  const finished = await db
    .selectFrom("enrollments")
    .select("course_id")
    .where("user_id", "=", userId)
    .where("completed_at", "is not", null)
    .where(
      "course_id",
      "in",
      courses.map((c) => c.id),
    )
    .execute();
  return finished.length === courses.length;
}
