import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { migrateToLatest, openDatabase, type Database } from "../database.ts";
import { migrationProvider } from "./index.ts";

/** An older schema than today's `DB`: any table, any column. */
type AnySchema = Record<string, Record<string, unknown>>;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

const migrator = (database: Database) => new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }) });
const row = (id: string, from: string, to: string | null, kind: string) => ({
  id,
  from_path: from,
  to_path: to,
  kind,
  article_id: null,
  created_at: "2026-11-28T00:00:00.000Z",
});

describe("migration 0027 (article redirects)", () => {
  for (const dialect of testDialects()) {
    it(`applies after 0025 with no 0026, keeps one row per old path and only known kinds [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0025-earned-certificates")).error).toBeUndefined();
        expect(await migrateToLatest(database)).toContain("0027-article-redirects");
        const db = database.db as unknown as Kysely<AnySchema>;
        await db
          .insertInto("article_redirects")
          .values(row("r1", "/blog/a", "/blog/b", "slug"))
          .execute();
        await expect(
          db
            .insertInto("article_redirects")
            .values(row("r2", "/blog/a", "/blog/c", "manual"))
            .execute(),
        ).rejects.toThrow();
        await expect(
          db
            .insertInto("article_redirects")
            .values(row("r3", "/x", "/y", "alias"))
            .execute(),
        ).rejects.toThrow();
        await db
          .insertInto("article_redirects")
          .values(row("r4", "/blog/gone", null, "removed"))
          .execute();
        expect(await db.selectFrom("article_redirects").select("id").orderBy("id").execute()).toEqual([{ id: "r1" }, { id: "r4" }]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
