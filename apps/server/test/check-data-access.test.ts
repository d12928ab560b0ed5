import { describe, expect, it } from "vitest";
import { checkSource, sqlAllowedIn } from "../../../scripts/check-data-access.ts";

const owners = { courses: "learning", lessons: "learning", course_assessments: "assessments", contacts: "leads" };
const check = (file: string, source: string) => checkSource(file, source, owners).map((v) => `${v.line}: ${v.what}`);

describe("the data-access rule (scripts/check-data-access.ts)", () => {
  it("allows SQL in repositories, seeds, test-only code, db/ and the job queue only", () => {
    for (const file of [
      "apps/server/src/features/learning/repository.ts",
      "apps/server/src/features/learning/progress-repository.ts",
      "apps/server/src/features/learning/seed.ts",
      "apps/server/src/features/learning/seed/courses.ts",
      "apps/server/src/features/wallet/testing/wallet-routes.ts",
      "apps/server/src/db/migrations/0004-learning.ts",
      "apps/server/src/lib/jobs/sqlite-queue.ts",
    ]) {
      expect(sqlAllowedIn(file), file).toBe(true);
    }
    for (const file of [
      "apps/server/src/features/learning/service.ts",
      "apps/server/src/features/learning/routes.ts",
      "apps/server/src/features/learning/repository-helpers.ts",
      "apps/server/src/lib/audit.ts",
      "apps/server/src/app.ts",
    ]) {
      expect(sqlAllowedIn(file), file).toBe(false);
    }
  });

  it("reports each builder call and sql template outside the allowed places, at its line", () => {
    const source = [
      'import { sql } from "kysely";',
      'export const a = (db) => db.selectFrom("courses").selectAll().execute();',
      "export const b = (db) => sql<number>`select count(*) from lessons`.execute(db);",
      "export const c = (db) => db",
      '  .deleteFrom("lessons")',
      "  .execute();",
      '// db.insertInto("courses") in a comment is no query',
      'export const d = "db.updateTable(courses)";',
    ].join("\n");
    expect(check("apps/server/src/features/learning/service.ts", source)).toEqual([
      "2: SQL outside a repository (.selectFrom)",
      "3: SQL outside a repository (sql template)",
      "5: SQL outside a repository (.deleteFrom)",
    ]);
    expect(check("apps/server/src/features/learning/repository.ts", source)).toEqual([]);
  });

  it("reports a table another feature owns, in builder calls, joins, sql.table and a template's text", () => {
    const source = [
      "export const repo = (db) => ({",
      '  a: () => db.selectFrom("courses as c").innerJoin("course_assessments as a", "a.course_id", "c.id").execute(),',
      '  b: () => db.updateTable("contacts").set({ note: "" }).execute(),',
      "  c: () => sql`select * from course_assessments join lessons on true`.execute(db),",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is part of the source under test
      '  d: () => sql`select * from ${sql.table("contacts")}`.execute(db),',
      '  e: () => db.selectFrom(["lessons", "course_assessments"]).selectAll().execute(),',
      "});",
    ].join("\n");
    expect(check("apps/server/src/features/learning/repository.ts", source)).toEqual([
      '2: table "course_assessments" belongs to assessments, not learning: ask assessments\'s service',
      '3: table "contacts" belongs to leads, not learning: ask leads\'s service',
      '4: table "course_assessments" belongs to assessments, not learning: ask assessments\'s service',
      '5: table "contacts" belongs to leads, not learning: ask leads\'s service',
      '6: table "course_assessments" belongs to assessments, not learning: ask assessments\'s service',
    ]);
  });

  it("checks a feature's seed, and leaves test-only code, db/ and unknown words in a template's text alone", () => {
    const foreign = 'export const run = (trx) => trx.selectFrom("contacts").selectAll().execute();';
    expect(check("apps/server/src/features/learning/seed.ts", foreign)).toEqual(['1: table "contacts" belongs to leads, not learning: ask leads\'s service']);
    expect(check("apps/server/src/features/learning/testing/fixtures.ts", foreign)).toEqual([]);
    expect(check("apps/server/src/db/seed/index.ts", foreign)).toEqual([]);
    const words = "export const q = (db) => sql`select extract(epoch from now()) as t, lower(title) from courses`.execute(db);";
    expect(check("apps/server/src/features/learning/repository.ts", words)).toEqual([]);
  });

  it("names a table missing from the map, but not a common table expression", () => {
    const source = [
      'export const a = (db) => db.selectFrom("course_drafts").selectAll().execute();',
      'export const b = (db) => db.with("recent", (q) => q.selectFrom("lessons").selectAll()).selectFrom("recent").selectAll().execute();',
    ].join("\n");
    expect(check("apps/server/src/features/learning/repository.ts", source)).toEqual(['1: table "course_drafts" has no owner in db/table-owners.ts']);
  });
});
