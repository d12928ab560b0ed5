import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/** An attempt draws this many questions unless the bank is smaller (copied here: a migration is history). */
const QUESTIONS_PER_ATTEMPT = 10;

/**
 * Each attempt draws its own questions from a course's bank instead of asking all of them, and
 * a course says when a learner may see the right answers of a graded attempt. Existing
 * assessments draw 10 questions, or every question of a bank smaller than that, and keep the
 * safe default review policy: right answers after a pass or once every attempt is used.
 */
export function assessmentDraws(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("course_assessments")
        .addColumn("questions_per_attempt", "integer", (c) => c.notNull().defaultTo(QUESTIONS_PER_ATTEMPT))
        .execute();
      await db.schema
        .alterTable("course_assessments")
        .addColumn("review_policy", "text", (c) => c.notNull().defaultTo("after-pass-or-attempts-used"))
        .execute();
      const rows = await sql<{ course_id: string; questions: string }>`select course_id, questions from course_assessments`.execute(db);
      for (const row of rows.rows) {
        const count = (JSON.parse(row.questions) as unknown[]).length;
        if (count >= QUESTIONS_PER_ATTEMPT) continue;
        await sql`update course_assessments set questions_per_attempt = ${count} where course_id = ${row.course_id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("course_assessments").dropColumn("review_policy").execute();
      await db.schema.alterTable("course_assessments").dropColumn("questions_per_attempt").execute();
    },
  };
}
