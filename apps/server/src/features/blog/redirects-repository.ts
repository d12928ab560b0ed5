import type { Kysely, Selectable } from "kysely";
import type { ArticleRedirectsTable, DB } from "../../db/schema.ts";

export type RedirectRow = Selectable<ArticleRedirectsTable>;

/**
 * The only SQL on article_redirects. The table stays collapsed: every write that adds a target
 * first points the rows that led to the old target at the new one, so no to_path is a from_path.
 */
export function redirectsRepository(db: Kysely<DB>) {
  return {
    find: (fromPath: string, q: Kysely<DB> = db) => q.selectFrom("article_redirects").selectAll().where("from_path", "=", fromPath).executeTakeFirst(),

    findById: (id: string) => db.selectFrom("article_redirects").selectAll().where("id", "=", id).executeTakeFirst(),

    /** The removal row of an article, looked up by its id (its id path answers 410 too). */
    removedArticle: (articleId: string) =>
      db.selectFrom("article_redirects").selectAll().where("article_id", "=", articleId).where("kind", "=", "removed").executeTakeFirst(),

    /** Every redirect that leads somewhere: the table the page handler keeps in memory. */
    targets: () => db.selectFrom("article_redirects").select(["from_path", "to_path"]).where("to_path", "is not", null).execute(),

    page: async (page: number, limit: number) => {
      const rows = await db
        .selectFrom("article_redirects")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const total = await db
        .selectFrom("article_redirects")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirst();
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Rows that led to `oldTarget` lead to `newTarget` (null: gone) from now on. */
    async retarget(oldTarget: string, newTarget: string | null, q: Kysely<DB>): Promise<void> {
      await q.updateTable("article_redirects").set({ to_path: newTarget }).where("to_path", "=", oldTarget).execute();
    },

    async removeFrom(fromPath: string, q: Kysely<DB>): Promise<void> {
      await q.deleteFrom("article_redirects").where("from_path", "=", fromPath).execute();
    },

    async insert(row: RedirectRow, q: Kysely<DB>): Promise<void> {
      await q.insertInto("article_redirects").values(row).execute();
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("article_redirects").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
