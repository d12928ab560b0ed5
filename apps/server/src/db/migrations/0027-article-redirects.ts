import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Redirects: old site paths that answer 301 to a new path (`to_path`), or 410 Gone when the
 * article they named was removed (`to_path` null). `kind` says where a row came from: a slug
 * change, an article's removal, or an administrator's manual entry. The table is kept collapsed:
 * no `to_path` is itself a `from_path`, so one lookup answers and nothing loops.
 */
export function articleRedirects(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("article_redirects")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("from_path", "text", (c) => c.notNull().unique())
        .addColumn("to_path", "text")
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('slug', 'removed', 'manual')`))
        // The article a slug change or a removal came from: id paths of a removed article answer 410 too.
        .addColumn("article_id", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("article_redirects_to_idx").on("article_redirects").column("to_path").execute();
      await db.schema.createIndex("article_redirects_article_idx").on("article_redirects").column("article_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("article_redirects").execute();
    },
  };
}
