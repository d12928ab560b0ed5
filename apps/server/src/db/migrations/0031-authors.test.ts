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
const article = (id: string, authorName: string, tags: string[]) => ({
  id,
  slug: `article-${id}`,
  title: `Article ${id}`,
  excerpt: "An excerpt.",
  content_html: "<p>Body</p>",
  content_text: "Body",
  category: "Testing",
  tags: JSON.stringify(tags),
  author_name: authorName,
  featured_image: "",
  featured_image_alt: "",
  published_at: "2026-11-28T00:00:00.000Z",
  read_time: 1,
  view_count: 0,
  like_count: 0,
  is_featured: 0,
  status: "published",
  search_title: "",
  search_tags: "",
  search_excerpt: "",
  search_body: "",
  created_at: `2026-11-28T00:00:0${id}.000Z`,
  updated_at: "2026-11-28T00:00:00.000Z",
});

describe("migration 0031 (authors)", () => {
  for (const dialect of testDialects()) {
    it(`makes an author of each distinct author name, with unique slugs, and links articles and tags [${dialect}]`, async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect((await migrator(database).migrateTo("0027-article-redirects")).error).toBeUndefined();
        const db = database.db as unknown as Kysely<AnySchema>;
        await db
          .insertInto("articles")
          .values([
            article("1", "José Núñez", ["DeFi", "defi", "Real Estate"]),
            article("2", "José Núñez", ["yield"]),
            article("3", "Jose Nunez", []),
            article("4", "Ana", ["not json"]),
          ])
          .execute();
        await db.updateTable("articles").set({ tags: "not json" }).where("id", "=", "4").execute();
        expect(await migrateToLatest(database)).toContain("0031-authors");

        const authors = await db.selectFrom("authors").select(["id", "slug", "name"]).orderBy("slug").execute();
        expect(authors.map((a) => [a.slug, a.name])).toEqual([
          ["ana", "Ana"],
          ["jose-nunez", "José Núñez"],
          ["jose-nunez-2", "Jose Nunez"],
        ]);
        const links = await db.selectFrom("article_authors").select(["article_id", "author_id", "position"]).orderBy("article_id").execute();
        const slugOf = (id: unknown) => authors.find((a) => a.id === id)?.slug;
        expect(links.map((l) => [l.article_id, slugOf(l.author_id), Number(l.position)])).toEqual([
          ["1", "jose-nunez", 0],
          ["2", "jose-nunez", 0],
          ["3", "jose-nunez-2", 0],
          ["4", "ana", 0],
        ]);
        const tags = await db.selectFrom("article_tags").select(["article_id", "slug", "name"]).orderBy("article_id").orderBy("slug").execute();
        expect(tags.map((t) => [t.article_id, t.slug, t.name])).toEqual([
          ["1", "defi", "DeFi"],
          ["1", "real-estate", "Real Estate"],
          ["2", "yield", "yield"],
        ]);
        // An author with articles cannot go; an article's removal takes its links with it.
        await expect(db.deleteFrom("authors").where("slug", "=", "ana").execute()).rejects.toThrow();
        await db.deleteFrom("articles").where("id", "=", "4").execute();
        expect(await db.selectFrom("article_authors").select("article_id").where("article_id", "=", "4").execute()).toEqual([]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
