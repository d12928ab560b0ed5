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
const row = (id: string, hash: string, kind: string) => ({
  id,
  token_hash: hash,
  subject_kind: kind,
  subject_id: "s1",
  created_by: null,
  created_at: "2026-11-28T00:00:00.000Z",
  expires_at: "2026-12-05T00:00:00.000Z",
  revoked_at: null,
});

describe("migration 0029 (preview links)", () => {
  for (const dialect of testDialects()) {
    it(`applies after 0027 with no 0028, keeps token hashes unique and only known kinds [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0027-article-redirects")).error).toBeUndefined();
        expect(await migrateToLatest(database)).toContain("0029-preview-links");
        const db = database.db as unknown as Kysely<AnySchema>;
        await db
          .insertInto("preview_links")
          .values(row("p1", "h1", "article"))
          .execute();
        await expect(
          db
            .insertInto("preview_links")
            .values(row("p2", "h1", "course"))
            .execute(),
        ).rejects.toThrow();
        await expect(
          db
            .insertInto("preview_links")
            .values(row("p3", "h3", "track"))
            .execute(),
        ).rejects.toThrow();
        await db
          .insertInto("preview_links")
          .values(row("p4", "h4", "lesson"))
          .execute();
        expect(await db.selectFrom("preview_links").select("id").orderBy("id").execute()).toEqual([{ id: "p1" }, { id: "p4" }]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
