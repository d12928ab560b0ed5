import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { migrateToLatest, openDatabase, type Database } from "../database.ts";
import { migrationProvider } from "./index.ts";

type AnySchema = Record<string, Record<string, unknown>>;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

const migrator = (database: Database) => new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }) });

describe("migration 0028 (article schedules)", () => {
  for (const dialect of testDialects()) {
    it(`adds scheduled_at to existing articles (null) and takes a moment [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0027-article-redirects")).error).toBeUndefined();
        const db = database.db as unknown as Kysely<AnySchema>;
        const at = "2026-11-28T00:00:00.000Z";
        const article = (id: string) => ({
          id,
          slug: id,
          title: id,
          excerpt: "e",
          content_html: "<p>b</p>",
          content_text: "b",
          category: "c",
          tags: "[]",
          author_name: "a",
          featured_image: "",
          featured_image_alt: "",
          published_at: at,
          read_time: 1,
          view_count: 0,
          like_count: 0,
          is_featured: 0,
          status: "published",
          search_title: id,
          search_tags: "",
          search_excerpt: "e",
          search_body: "b",
          created_at: at,
          updated_at: at,
        });
        await db.insertInto("articles").values(article("before")).execute();
        expect(await migrateToLatest(database)).toContain("0028-article-schedules");
        await db
          .insertInto("articles")
          .values({ ...article("after"), status: "scheduled", scheduled_at: "2026-12-02T13:00:00.000Z" })
          .execute();
        expect(await db.selectFrom("articles").select(["id", "status", "scheduled_at"]).orderBy("id").execute()).toEqual([
          { id: "after", status: "scheduled", scheduled_at: "2026-12-02T13:00:00.000Z" },
          { id: "before", status: "published", scheduled_at: null },
        ]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
