import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from "kysely";
import { stripAccents, type BlogListQuery } from "@vestin/shared/blog";
import type { Dialect } from "../../db/database.ts";
import type { ArticlesTable, DB } from "../../db/schema.ts";
import { countOf } from "../../lib/count.ts";

export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleSummaryRow = Omit<
  ArticleRow,
  "content_html" | "content_text" | "search_title" | "search_tags" | "search_excerpt" | "search_body" | "send_to_subscribers" | "scheduled_at"
> & {
  content_preview: string;
};

const SUMMARY_COLUMNS = [
  "id",
  "slug",
  "title",
  "excerpt",
  "category",
  "tags",
  "author_name",
  "featured_image",
  "featured_image_alt",
  "published_at",
  "read_time",
  "view_count",
  "like_count",
  "is_featured",
  "status",
  "created_at",
  "updated_at",
] as const;

/** Lower-case, accent-free words (letters and digits only): nothing a user types can become search syntax. */
export function searchTerms(input: string): string[] {
  return (
    stripAccents(input)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 12);
}

/** The text that feeds full-text search, normalised like the search terms. */
export const searchText = (text: string) => stripAccents(text).toLowerCase();

export function blogRepository(db: Kysely<DB>, dialect: Dialect) {
  const preview = sql<string>`substr(content_text, 1, 500)`.as("content_preview");

  /**
   * One page of the published articles a topic page lists (an author's, a tag's): the articles
   * joined with the topic's link table, newest first (ties by id), with their total. The page's
   * ids are chosen first and only those rows are read whole: sorting every one of a topic's
   * articles with its preview (a read of each article's text) made an author with 1,700 articles
   * take 22 ms on SQLite instead of 1.4 ms.
   */
  async function publishedPage(
    topic: SelectQueryBuilder<DB, "articles" | "article_authors", object> | SelectQueryBuilder<DB, "articles" | "article_tags", object>,
    page: number,
    limit: number,
  ): Promise<{ rows: ArticleSummaryRow[]; total: number }> {
    // Only the articles are selected: the join narrows which, it adds no column.
    const articles = (topic as unknown as SelectQueryBuilder<DB, "articles", object>).where("articles.status", "=", "published");
    const pageIds = articles
      .select("articles.id")
      .orderBy("articles.published_at", "desc")
      .orderBy("articles.id")
      .limit(limit)
      .offset((page - 1) * limit);
    const [rows, total] = await Promise.all([
      db
        .selectFrom("articles")
        .select([...SUMMARY_COLUMNS, preview])
        .where("id", "in", pageIds)
        .orderBy("published_at", "desc")
        .orderBy("id")
        .execute(),
      countOf(articles),
    ]);
    return { rows, total };
  }

  async function searchPublished(q: BlogListQuery, terms: string[]) {
    const offset = (q.page - 1) * q.limit;
    const category = q.category ? sql`and a.category = ${q.category}` : sql``;
    const columns = sql.join(SUMMARY_COLUMNS.map((c) => sql.ref(`a.${c}`)));
    if (dialect === "sqlite") {
      // Every word must match; the last one also as a prefix. bm25 weights: title ≫ tags > excerpt > body.
      // Ranking and counting stay inside the FTS index, filtered by rowid sets (drafts and scheduled
      // articles are few; a category is read from its covering index), and only the page's rows are
      // joined. Joining every match to its article row first cost 12–18 ms with 10,000 articles; this
      // costs 1–4 ms.
      // `+rowid` keeps FTS5 from turning the IN list into one index lookup per rowid.
      const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ");
      const visible = q.category
        ? sql`+articles_fts.rowid in (select rowid from articles where status = 'published' and category = ${q.category})`
        : sql`articles_fts.rowid not in (select rowid from articles where status != 'published')`;
      const rows = await sql<ArticleSummaryRow>`
        select ${columns}, substr(a.content_text, 1, 500) as content_preview
        from (
          select articles_fts.rowid as hit, bm25(articles_fts, 10.0, 5.0, 3.0, 1.0) as score
          from articles_fts where articles_fts match ${match} and ${visible}
          order by score, hit desc limit ${q.limit} offset ${offset}
        ) ranked join articles a on a.rowid = ranked.hit
        order by ranked.score, ranked.hit desc`.execute(db);
      const count = await sql<{ total: number }>`
        select count(*) as total from articles_fts where articles_fts match ${match} and ${visible}`.execute(db);
      return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
    }
    // Every word must match (the last one also as a prefix) in the whole weighted vector. The order
    // is how often the words appear in the title, tags and excerpt, weighted (title ≫ tags, excerpt;
    // each word counts, so two words in the title beat one), then the newest first: ranking reads
    // the small search_head, never the large, out-of-line vector (migration 0022).
    const words = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t));
    const match = words.join(" & ");
    const rank = words.join(" | ");
    // The planner rates a sequential scan and the GIN index about equal once a word matches a
    // quarter of the articles (its estimates are within 1 %), but a sequential scan reads back and
    // decompresses every article's vector: 53 ms against 3 ms through the index with 10,000
    // articles. Inside this transaction only, it takes the index.
    const { rows, total } = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      // Ranked and cut to the page first, then only the page's rows are read: computing the
      // preview before the cut read every match's body (87 ms for 8,000 matches; 16 ms this way).
      const list = await sql<ArticleSummaryRow>`
        select ${columns}, substr(a.content_text, 1, 500) as content_preview
        from (
          select a.id, ts_rank(a.search_head, to_tsquery('english', ${rank})) as score, a.published_at
          from articles a, to_tsquery('english', ${match}) q
          where a.search_vector @@ q and a.status = 'published' ${category}
          order by score desc, a.published_at desc, a.id
          limit ${q.limit} offset ${offset}
        ) hit join articles a on a.id = hit.id
        order by hit.score desc, hit.published_at desc, hit.id`.execute(trx);
      const count = await sql<{ total: string | number }>`
        select count(*) as total from articles a, to_tsquery('english', ${match}) q
        where a.search_vector @@ q and a.status = 'published' ${category}`.execute(trx);
      return { rows: list.rows, total: count.rows[0]?.total };
    });
    return { rows, total: Number(total ?? 0) };
  }

  return {
    /** Every article, drafts included, newest first (admin console); search matches the title. */
    async adminPage(q: { search?: string | undefined; status?: ArticleRow["status"] | undefined; page: number; limit: number }) {
      let base = db.selectFrom("articles");
      if (q.status) base = base.where("status", "=", q.status);
      if (q.search?.trim())
        base = base.where(
          "search_title",
          "like",
          `%${q.search
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, "")}%`,
        );
      const rows = await base
        .select([
          "id",
          "slug",
          "title",
          "category",
          "status",
          "published_at",
          "scheduled_at",
          "updated_at",
          "view_count",
          "like_count",
          "author_name",
          "is_featured",
        ])
        // The scheduled list reads in the order they go public, soonest first.
        .$if(q.status === "scheduled", (qb) => qb.orderBy("scheduled_at", "asc"))
        .orderBy("published_at", "desc")
        .orderBy("id")
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute();
      return { rows, total: await countOf(base) };
    },

    /** Published articles, most viewed first. */
    mostViewed: (limit: number) =>
      db
        .selectFrom("articles")
        .select(["id", "slug", "title", "view_count", "like_count"])
        .where("status", "=", "published")
        .orderBy("view_count", "desc")
        .limit(limit)
        .execute(),

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
      // The page and the count go out together: on PostgreSQL they take two pooled connections
      // instead of two round trips one after the other (a cold /articles waits for this answer).
      const [rows, total] = await Promise.all([
        base
          .select([...SUMMARY_COLUMNS, preview])
          .orderBy(sortColumn, "desc")
          .orderBy("id")
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        countOf(base),
      ]);
      return { rows, total };
    },

    /** One page of an author's published articles, newest first (ties by id). */
    publishedByAuthor: (authorId: string, page: number, limit: number) =>
      publishedPage(
        db.selectFrom("articles").innerJoin("article_authors", "article_authors.article_id", "articles.id").where("article_authors.author_id", "=", authorId),
        page,
        limit,
      ),

    /** One page of a tag's published articles, newest first (ties by id). */
    publishedByTag: (slug: string, page: number, limit: number) =>
      publishedPage(
        db.selectFrom("articles").innerJoin("article_tags", "article_tags.article_id", "articles.id").where("article_tags.slug", "=", slug),
        page,
        limit,
      ),

    categories: () =>
      db
        .selectFrom("articles")
        .where("status", "=", "published")
        .select(["category", (eb) => eb.fn.countAll<string | number>().as("count")])
        .groupBy("category")
        .orderBy("count", "desc")
        .orderBy("category")
        .execute(),

    /** A published article by id or slug. */
    findPublished: (idOrSlug: string) =>
      db
        .selectFrom("articles")
        .selectAll()
        .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
        .where("status", "=", "published")
        .executeTakeFirst(),

    /** Adds counted views, one statement per article, in one transaction. */
    async addViews(counts: Map<string, number>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [id, n] of counts) {
          await trx
            .updateTable("articles")
            .set({ view_count: sql`view_count + ${n}` })
            .where("id", "=", id)
            .execute();
        }
      });
    },

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

    /** +1 or −1 (never below 0) on a published article; returns its id and the new count. */
    async adjustLikes(idOrSlug: string, delta: 1 | -1): Promise<{ id: string; like_count: number } | undefined> {
      return db
        .updateTable("articles")
        .set({ like_count: delta > 0 ? sql`like_count + 1` : sql`case when like_count > 0 then like_count - 1 else 0 end` })
        .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
        .where("status", "=", "published")
        .returning(["id", "like_count"])
        .executeTakeFirst();
    },

    /** Stores an article; `q` is the save's transaction. */
    async insert(row: ArticleRow, q: Kysely<DB> = db): Promise<void> {
      await q.insertInto("articles").values(row).execute();
    },

    /** Changes an article; `q` is the save's transaction. */
    async update(id: string, changes: Partial<ArticleRow>, q: Kysely<DB> = db): Promise<ArticleRow | undefined> {
      return q.updateTable("articles").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    async remove(id: string, q: Kysely<DB> = db): Promise<boolean> {
      const result = await q.deleteFrom("articles").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogRepository = ReturnType<typeof blogRepository>;
