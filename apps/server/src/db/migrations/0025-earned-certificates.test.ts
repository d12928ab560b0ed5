import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { openDatabase, type Database } from "../database.ts";
import { migrationProvider } from "./index.ts";

/** An older schema than today's `DB`: any table, any column. */
type AnySchema = Record<string, Record<string, unknown>>;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

const migrator = (database: Database) => new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }) });
const AT = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-02T00:00:00.000Z";

const user = (id: string, first = "Ada", last = "Lovelace") => ({
  id,
  first_name: first,
  last_name: last,
  email: `${id}@example.com`,
  password_hash: null,
  role: "user",
  google_sub: null,
  newsletter_opt_in: 0,
  created_at: AT,
  updated_at: AT,
});
const course = (id: string) => ({
  id,
  slug: id,
  title: `Course ${id}`,
  description: "",
  category: "Advanced Topics",
  difficulty: "Beginner",
  duration_minutes: 20,
  total_lessons: 2,
  enrollment_count: 0,
  level_color: "green",
  track_position: 1,
  course_order: 1,
  status: "published",
  created_at: AT,
  updated_at: AT,
});
const lesson = (courseId: string, n: number) => ({
  id: `${courseId}-l${n}`,
  course_id: courseId,
  slug: `l${n}`,
  lesson_number: n,
  title: `Lesson ${n}`,
  description: "",
  content_html: "",
  duration: "10 min",
  learning_objectives: "[]",
  key_takeaways: "[]",
  prerequisites: "[]",
  resources: "[]",
  video_url: null,
  video_description: null,
  created_at: AT,
  updated_at: AT,
});
const attempt = (id: string, userId: string, courseId: string, score: number, passed: boolean) => ({
  id,
  user_id: userId,
  course_id: courseId,
  assessment_version: 1,
  questions: "[]",
  pass_mark: 60,
  time_limit_minutes: null,
  started_at: AT,
  expires_at: LATER,
  submitted_at: LATER,
  score,
  correct: 0,
  total: 5,
  passed: passed ? 1 : 0,
  answers: null,
  results: null,
});

describe("migration 0025 (certificates earned but never issued)", () => {
  for (const dialect of testDialects()) {
    it(`issues the certificates learners had earned, and no other [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0024-referral-caps")).error).toBeUndefined();
        const db = database.db as unknown as Kysely<AnySchema>;
        // Learners: done (plain course), done (assessed course, passed twice), done (assessed, failed),
        // half done, and done with a certificate already.
        await db
          .insertInto("users")
          .values(["done", "passed", "failed", "half", "held"].map((id) => user(id)))
          .execute();
        await db
          .insertInto("users")
          .values(user("nameless", "", ""))
          .execute();
        await db
          .insertInto("courses")
          .values([course("plain"), course("assessed")])
          .execute();
        await db
          .insertInto("lessons")
          .values([lesson("plain", 1), lesson("plain", 2), lesson("assessed", 1), lesson("assessed", 2)])
          .execute();
        await db
          .insertInto("course_assessments")
          .values({
            course_id: "assessed",
            pass_mark: 60,
            max_attempts: 3,
            time_limit_minutes: null,
            questions: "[]",
            version: 1,
            updated_at: AT,
            questions_per_attempt: 5,
            review_policy: "after-pass-or-last",
          })
          .execute();
        const enrolled = [
          ["done", "plain"],
          ["nameless", "plain"],
          ["passed", "assessed"],
          ["failed", "assessed"],
          ["half", "plain"],
          ["held", "plain"],
        ] as const;
        await db
          .insertInto("enrollments")
          .values(enrolled.map(([u, c]) => ({ id: `${u}-${c}`, user_id: u, course_id: c, enrolled_at: AT, completed_at: u === "half" ? null : AT })))
          .execute();
        const completions = enrolled.flatMap(([u, c]) =>
          (u === "half" ? [1] : [1, 2]).map((n) => ({ id: `${u}-${c}-${n}`, user_id: u, lesson_id: `${c}-l${n}`, course_id: c, completed_at: AT })),
        );
        await db.insertInto("lesson_completions").values(completions).execute();
        await db
          .insertInto("assessment_attempts")
          .values([
            attempt("a1", "passed", "assessed", 80, true),
            attempt("a2", "passed", "assessed", 100, true),
            attempt("a3", "failed", "assessed", 40, false),
          ])
          .execute();
        // The certificate of the plain course, as the migration issues it to a learner who finished it.
        const plainCertificate = {
          course_id: "plain",
          learner_name: "Ada Lovelace",
          course_title: "Course plain",
          issued_at: AT,
          basis: "lessons",
          score: null,
          lesson_count: 2,
        } as const;
        await db
          .insertInto("certificates")
          .values({ ...plainCertificate, code: "VST-HELD-0000-0000", user_id: "held", attempt_id: null })
          .execute();

        expect((await migrator(database).migrateTo("0025-earned-certificates")).error).toBeUndefined();

        const rows = await db.selectFrom("certificates").selectAll().orderBy("user_id").execute();
        expect(rows.map((r) => r.user_id)).toEqual(["done", "held", "nameless", "passed"]);
        const byUser = Object.fromEntries(rows.map((r) => [r.user_id as string, r]));
        expect(byUser.done).toMatchObject(plainCertificate);
        expect(byUser.done?.code).toMatch(/^VST-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
        expect(byUser.nameless).toMatchObject({ learner_name: "nameless" });
        expect(byUser.passed).toMatchObject({ course_id: "assessed", basis: "assessment", score: 100, attempt_id: "a2", issued_at: LATER, lesson_count: 2 });
        expect(byUser.held).toMatchObject({ code: "VST-HELD-0000-0000" });
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
