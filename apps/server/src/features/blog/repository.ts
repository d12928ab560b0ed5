import { sql, type Kysely, type Selectable } from "kysely";
import { stripAccents, type BlogListQuery } from "@vestin/shared/blog";
import type { Dialect } from "../../db/database.ts";
import type { ArticlesTable, DB } from "../../db/schema.ts";

export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleSummaryRow = Omit<ArticleRow, "content_html" | "content_text" | "search_title" | "search_tags" | "search_excerpt" | "search_body"> & {
  content_preview: string;
};

const SUMMARY_COLUMNS = [
  "id", "slug", "title", "excerpt", "category", "tags", "author_name", "featured_image", "featured_image_alt",
  "published_at", "read_time", "view_count", "like_count", "is_featured", "status", "created_at", "updated_at",
] as const;

/** Lower-case, accent-free words (letters and digits only): nothing a user types can become search syntax. */
export function searchTerms(input: string): string[] {
  return (stripAccents(input).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** The text that feeds full-text search, normalised like the search terms. */
export const searchText = (text: string) => stripAccents(text).toLowerCase();

export function blogRepository(db: Kysely<DB>, dialect: Dialect) {
  const preview = sql<string>`substr(content_text, 1, 500)`.as("content_preview");

  async function searchPublished(q: BlogListQuery, terms: string[]) {
    const offset = (q.page - 1) * q.limit;
    const category = q.category ? sql`and a.category = ${q.category}` : sql``;
    const columns = sql.join(SUMMARY_COLUMNS.map((c) => sql.ref(`a.${c}`)));
    if (dialect === "sqlite") {
      // Every word must match; the last one also as a prefix. bm25 weights: title ≫ tags > excerpt > body.
      const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ");
      const rows = await sql<ArticleSummaryRow>`
        select ${columns}, substr(a.content_text, 1, 500) as content_preview
        from articles_fts join articles a on a.rowid = articles_fts.rowid
        where articles_fts match ${match} and a.status = 'published' ${category}
        order by bm25(articles_fts, 10.0, 5.0, 3.0, 1.0), a.published_at desc, a.id
        limit ${q.limit} offset ${offset}`.execute(db);
      const count = await sql<{ total: number }>`
        select count(*) as total from articles_fts join articles a on a.rowid = articles_fts.rowid
        where articles_fts match ${match} and a.status = 'published' ${category}`.execute(db);
      return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
    }
    const query = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(" & ");
    const rows = await sql<ArticleSummaryRow>`
      select ${columns}, substr(a.content_text, 1, 500) as content_preview
      from articles a, to_tsquery('english', ${query}) q
      where a.search_vector @@ q and a.status = 'published' ${category}
      order by ts_rank_cd(a.search_vector, q) desc, a.published_at desc, a.id
      limit ${q.limit} offset ${offset}`.execute(db);
    const count = await sql<{ total: string | number }>`
      select count(*) as total from articles a, to_tsquery('english', ${query}) q
      where a.search_vector @@ q and a.status = 'published' ${category}`.execute(db);
    return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  return {
    async listPublished(q: BlogListQuery): Promise<{ rows: ArticleSummaryRow[]; total: number }> {
      if (q.search !== undefined && q.search.trim() !== "") {
        const terms = searchTerms(q.search);
        // Only punctuation and operators: nothing to look for.
        if (terms.length === 0) return { rows: [], total: 0 };
        return searchPublished(q, terms);
      }
      let base = db.selectFrom("articles").where("status", "=", "published");
      if (q.category) base = base.where("category", "=", q.category);
      const sortColumn = q.sort === "popular" ? "view_count" : q.sort === "trending" ? "like_count" : "published_at";
      // Ties are broken by id (contract), which is also the order of the sort indexes.
      const rows = await base
        .select([...SUMMARY_COLUMNS, preview])
        .orderBy(sortColumn, "desc")
        .orderBy("id")
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute();
      const count = await base.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst();
      return { rows, total: Number(count?.total ?? 0) };
    },

    categories: () =>
      db
        .selectFrom("articles")
        .where("status", "=", "published")
        .select(["category", (eb) => eb.fn.countAll<string | number>().as("count")])
        .groupBy("category")
        .orderBy("count", "desc")
        .orderBy("category")
        .execute(),

    /** A published article by id or slug, counting the view in the same statement. */
    viewPublished: (idOrSlug: string) =>
      db
        .updateTable("articles")
        .set({ view_count: sql`view_count + 1` })
        .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
        .where("status", "=", "published")
        .returningAll()
        .executeTakeFirst(),

    findByIdOrSlug: (idOrSlug: string) =>
      db
        .selectFrom("articles")
        .selectAll()
        .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
        .executeTakeFirst(),

    slugTaken: async (slug: string, exceptId?: string) => {
      let q = db.selectFrom("articles").select("id").where("slug", "=", slug);
      if (exceptId) q = q.where("id", "!=", exceptId);
      return Boolean(await q.executeTakeFirst());
    },

    /** +1 or −1 (never below 0) on a published article; returns the new count. */
    async adjustLikes(idOrSlug: string, delta: 1 | -1): Promise<number | undefined> {
      const row = await db
        .updateTable("articles")
        .set({ like_count: delta > 0 ? sql`like_count + 1` : sql`case when like_count > 0 then like_count - 1 else 0 end` })
        .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
        .where("status", "=", "published")
        .returning("like_count")
        .executeTakeFirst();
      return row?.like_count;
    },

    async insert(row: ArticleRow): Promise<void> {
      await db.insertInto("articles").values(row).execute();
    },

    async update(id: string, changes: Partial<ArticleRow>): Promise<ArticleRow | undefined> {
      return db.updateTable("articles").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("articles").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogRepository = ReturnType<typeof blogRepository>;
