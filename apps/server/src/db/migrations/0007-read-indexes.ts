import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Indexes measured with 100× content (npm run bench): categories are counted from a covering
 * (status, category) index instead of the wide article rows, and the popular and trending lists
 * read in index order (count descending, ties broken by id).
 */
export function readIndexes(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("articles_status_category_idx").on("articles").columns(["status", "category"]).execute();
      await db.schema.dropIndex("articles_popular_idx").execute();
      await db.schema.dropIndex("articles_trending_idx").execute();
      await db.schema.createIndex("articles_popular_idx").on("articles").columns(["status", "view_count desc", "id"]).execute();
      await db.schema.createIndex("articles_trending_idx").on("articles").columns(["status", "like_count desc", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("articles_status_category_idx").execute();
    },
  };
}
