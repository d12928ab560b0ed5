import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The slug rule as it stood when this migration was written (a migration never changes with the
 * code that follows it): lower-case, accent-free words of a–z and 0–9 joined by hyphens, at most 80.
 */
function slugOf(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "author"
  );
}

function tagsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

type OldArticle = { id: string; author_name: string; tags: string };

/**
 * Authors as people: `authors` (one row per person who writes, optionally an account), the
 * ordered `article_authors` of each article, and `article_tags` (each article's tags with their
 * slugs, so a tag has a page). Every distinct `author_name` becomes an author (slugs made unique
 * with -2, -3 …) and every article is linked to its author and its tags. `articles.author_name`
 * stays: it holds the authors' names, joined, for the API's `author` field.
 */
export function authors(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("authors")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("bio", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("photo_url", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("photo_small_url", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("links", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("account_id", "text", (c) => c.unique().references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("article_authors")
        .addColumn("article_id", "text", (c) => c.notNull().references("articles.id").onDelete("cascade"))
        // No cascade: an author with articles cannot be deleted (the service says so first).
        .addColumn("author_id", "text", (c) => c.notNull().references("authors.id"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("article_authors_pk", ["article_id", "author_id"])
        .execute();
      await db.schema.createIndex("article_authors_author_idx").on("article_authors").columns(["author_id", "article_id"]).execute();
      await db.schema
        .createTable("article_tags")
        .addColumn("article_id", "text", (c) => c.notNull().references("articles.id").onDelete("cascade"))
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("article_tags_pk", ["article_id", "slug"])
        .execute();
      await db.schema.createIndex("article_tags_slug_idx").on("article_tags").columns(["slug", "article_id"]).execute();

      const now = new Date().toISOString();
      const articles = (await sql<OldArticle>`select id, author_name, tags from articles order by created_at, id`.execute(db)).rows;
      const authorIds = new Map<string, string>();
      const taken = new Set<string>();
      for (const article of articles) {
        const name = article.author_name.trim() || "Vestin Team";
        let authorId = authorIds.get(name);
        if (!authorId) {
          const base = slugOf(name);
          let slug = base;
          for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
          taken.add(slug);
          authorId = randomUUID();
          authorIds.set(name, authorId);
          await sql`insert into authors (id, slug, name, created_at, updated_at) values (${authorId}, ${slug}, ${name}, ${now}, ${now})`.execute(db);
        }
        await sql`insert into article_authors (article_id, author_id, position) values (${article.id}, ${authorId}, 0)`.execute(db);
        const tags = new Map<string, string>();
        for (const tag of tagsOf(article.tags)) {
          const slug = slugOf(tag);
          if (!tags.has(slug)) tags.set(slug, tag);
        }
        for (const [slug, tag] of tags) await sql`insert into article_tags (article_id, slug, name) values (${article.id}, ${slug}, ${tag})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("article_tags").execute();
      await db.schema.dropTable("article_authors").execute();
      await db.schema.dropTable("authors").execute();
    },
  };
}
