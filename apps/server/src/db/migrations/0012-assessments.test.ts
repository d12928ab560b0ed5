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

describe("migration 0012 (assessments) on a database with certificates", () => {
  for (const dialect of testDialects()) {
    it(`keeps every certificate valid, marked as issued for lessons before assessments [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0011-wallet-proof")).error).toBeUndefined();
        const db = database.db as unknown as Kysely<AnySchema>;
        const at = "2026-03-01T10:00:00.000Z";
        await db
          .insertInto("users")
          .values({
            id: "u1",
            first_name: "Ada",
            last_name: "Byron",
            email: "ada@example.com",
            password_hash: "x",
            role: "user",
            created_at: at,
            updated_at: at,
          })
          .execute();
        await db
          .insertInto("courses")
          .values({
            id: "c1",
            slug: "c1",
            title: "Course",
            description: "d",
            category: "Advanced Topics",
            difficulty: "Beginner",
            level_color: "green",
            created_at: at,
            updated_at: at,
          })
          .execute();
        await db
          .insertInto("certificates")
          .values({ code: "VST-AAAA-BBBB-CCCC", user_id: "u1", course_id: "c1", learner_name: "Ada Byron", course_title: "Course", issued_at: at })
          .execute();

        expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
        const row = await database.db.selectFrom("certificates").selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ code: "VST-AAAA-BBBB-CCCC", basis: "lessons", score: null, lesson_count: null, attempt_id: null, issued_at: at });
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
