import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Course assessments (docs/decisions/0010-assessments.md):
 * - course_assessments: one per course; its settings and its questions as authored (JSON, with
 *   the right answers), and a version that grows with every edit.
 * - assessment_attempts: each attempt keeps its own copy of the questions in the order and with
 *   the option order it was shown, so an edit never changes an attempt under way; graded in the
 *   transaction that records the submission (score, answers, per-question results).
 * - placement_results: a signed-in learner's last placement quiz and its recommendation.
 * - certificates gain basis ("assessment" or "lessons"), the score, the lesson count of the
 *   version completed and the attempt that passed. Certificates issued before assessments keep
 *   basis "lessons": they stay valid.
 */
export function assessments(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("course_assessments")
        .addColumn("course_id", "text", (c) => c.primaryKey().references("courses.id").onDelete("cascade"))
        .addColumn("pass_mark", "integer", (c) => c.notNull())
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("time_limit_minutes", "integer")
        .addColumn("questions", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("assessment_attempts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
        .addColumn("assessment_version", "integer", (c) => c.notNull())
        .addColumn("questions", "text", (c) => c.notNull())
        .addColumn("pass_mark", "integer", (c) => c.notNull())
        .addColumn("time_limit_minutes", "integer")
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("submitted_at", "text")
        .addColumn("score", "integer")
        .addColumn("correct", "integer")
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("passed", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("answers", "text")
        .addColumn("results", "text")
        .execute();
      await db.schema.createIndex("assessment_attempts_learner_idx").on("assessment_attempts").columns(["user_id", "course_id", "started_at"]).execute();
      await db.schema.createIndex("assessment_attempts_course_idx").on("assessment_attempts").columns(["course_id", "submitted_at"]).execute();

      await db.schema
        .createTable("placement_results")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable("certificates")
        .addColumn("basis", "text", (c) => c.notNull().defaultTo("lessons"))
        .execute();
      await db.schema.alterTable("certificates").addColumn("score", "integer").execute();
      await db.schema.alterTable("certificates").addColumn("lesson_count", "integer").execute();
      await db.schema.alterTable("certificates").addColumn("attempt_id", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ["attempt_id", "lesson_count", "score", "basis"]) await db.schema.alterTable("certificates").dropColumn(column).execute();
      for (const table of ["placement_results", "assessment_attempts", "course_assessments"]) await db.schema.dropTable(table).execute();
    },
  };
}
