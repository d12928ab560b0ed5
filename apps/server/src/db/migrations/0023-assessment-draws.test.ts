import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { openDatabase, type Database } from "../database.ts";
import { migrationProvider } from "./index.ts";

/** An older schema than today's `DB`: any table, any column (each test reads back only what it wrote). */
type AnySchema = Record<string, Record<string, unknown>>;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

const migrator = (database: Database) => new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }) });
const question = (i: number) => ({ id: `q${i}`, type: "truefalse", prompt: `Statement ${i}`, answer: true, explanation: "Because." });

describe("migration 0023 (assessment draws) on a database with assessments", () => {
  for (const dialect of testDialects()) {
    it(`draws 10 questions per attempt, or the whole of a smaller bank, with the safe review policy [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0022-search-head")).error).toBeUndefined();
        const db = database.db as unknown as Kysely<AnySchema>;
        const at = "2026-03-01T10:00:00.000Z";
        for (const [id, size] of [
          ["big", 24],
          ["small", 6],
        ] as const) {
          await db
            .insertInto("courses")
            .values({
              id,
              slug: id,
              title: id,
              description: "d",
              category: "Advanced Topics",
              difficulty: "Beginner",
              level_color: "green",
              created_at: at,
              updated_at: at,
            })
            .execute();
          const questions = JSON.stringify(Array.from({ length: size }, (_, i) => question(i)));
          await db
            .insertInto("course_assessments")
            .values({ course_id: id, pass_mark: 70, max_attempts: 3, time_limit_minutes: null, questions, version: 4, updated_at: at })
            .execute();
        }

        expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
        const rows = await database.db.selectFrom("course_assessments").selectAll().orderBy("course_id").execute();
        expect(rows.map((r) => [r.course_id, r.questions_per_attempt, r.review_policy, r.version])).toEqual([
          ["big", 10, "after-pass-or-attempts-used", 4],
          ["small", 6, "after-pass-or-attempts-used", 4],
        ]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
