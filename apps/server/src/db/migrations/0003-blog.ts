import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Articles, with full-text search over title, tags, excerpt and body. The search_* columns hold
 * lower-cased, accent-free text (written by the repository), so both engines search alike:
 * SQLite through an external-content FTS5 table kept in step by triggers, PostgreSQL through a
 * generated, weighted tsvector with a GIN index.
 */
export function blog({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("articles")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("excerpt", "text", (c) => c.notNull())
        .addColumn("content_html", "text", (c) => c.notNull())
        .addColumn("content_text", "text", (c) => c.notNull())
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("author_name", "text", (c) => c.notNull())
        .addColumn("featured_image", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("featured_image_alt", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("read_time", "integer", (c) => c.notNull())
        .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
        .addColumn("search_title", "text", (c) => c.notNull())
        .addColumn("search_tags", "text", (c) => c.notNull())
        .addColumn("search_excerpt", "text", (c) => c.notNull())
        .addColumn("search_body", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("articles_latest_idx").on("articles").columns(["status", "published_at", "id"]).execute();
      await db.schema.createIndex("articles_popular_idx").on("articles").columns(["status", "view_count", "id"]).execute();
      await db.schema.createIndex("articles_trending_idx").on("articles").columns(["status", "like_count", "id"]).execute();
      await db.schema.createIndex("articles_category_idx").on("articles").columns(["category", "status", "published_at"]).execute();

      if (dialect === "sqlite") {
        await sql`create virtual table articles_fts using fts5(
          search_title, search_tags, search_excerpt, search_body,
          content='articles', content_rowid='rowid',
          tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
        await sql`create trigger articles_fts_insert after insert on articles begin
          insert into articles_fts(rowid, search_title, search_tags, search_excerpt, search_body)
          values (new.rowid, new.search_title, new.search_tags, new.search_excerpt, new.search_body);
        end`.execute(db);
        await sql`create trigger articles_fts_delete after delete on articles begin
          insert into articles_fts(articles_fts, rowid, search_title, search_tags, search_excerpt, search_body)
          values ('delete', old.rowid, old.search_title, old.search_tags, old.search_excerpt, old.search_body);
        end`.execute(db);
        await sql`create trigger articles_fts_update after update of search_title, search_tags, search_excerpt, search_body on articles begin
          insert into articles_fts(articles_fts, rowid, search_title, search_tags, search_excerpt, search_body)
          values ('delete', old.rowid, old.search_title, old.search_tags, old.search_excerpt, old.search_body);
          insert into articles_fts(rowid, search_title, search_tags, search_excerpt, search_body)
          values (new.rowid, new.search_title, new.search_tags, new.search_excerpt, new.search_body);
        end`.execute(db);
      } else {
        await sql`alter table articles add column search_vector tsvector generated always as (
          setweight(to_tsvector('english', search_title), 'A') ||
          setweight(to_tsvector('english', search_tags), 'B') ||
          setweight(to_tsvector('english', search_excerpt), 'B') ||
          setweight(to_tsvector('english', search_body), 'C')) stored`.execute(db);
        await sql`create index articles_search_idx on articles using gin (search_vector)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") await sql`drop table if exists articles_fts`.execute(db);
      await db.schema.dropTable("articles").execute();
    },
  };
}
