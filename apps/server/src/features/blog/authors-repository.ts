import type { Insertable, Kysely, Selectable } from "kysely";
import type { AuthorsTable, DB } from "../../db/schema.ts";
import { nowIso } from "../../lib/ids.ts";

export type AuthorRow = Selectable<AuthorsTable>;
export type AuthorRefRow = { article_id: string; id: string; slug: string; name: string; photo_url: string; photo_small_url: string };

/** The authors, article authors and article tags tables: the only SQL that names them. */
export function authorsRepository(db: Kysely<DB>) {
  return {
    /** Every author with their number of articles (any status), by name. */
    listWithCounts: () =>
      db
        .selectFrom("authors")
        .leftJoin("article_authors", "article_authors.author_id", "authors.id")
        .selectAll("authors")
        .select((eb) => eb.fn.count<string | number>("article_authors.article_id").as("article_count"))
        .groupBy([
          "authors.id",
          "authors.slug",
          "authors.name",
          "authors.bio",
          "authors.photo_url",
          "authors.photo_small_url",
          "authors.links",
          "authors.account_id",
          "authors.created_at",
          "authors.updated_at",
        ])
        .orderBy("authors.name")
        .orderBy("authors.id")
        .execute(),

    byId: (id: string, q: Kysely<DB> = db) => q.selectFrom("authors").selectAll().where("id", "=", id).executeTakeFirst(),
    bySlug: (slug: string) => db.selectFrom("authors").selectAll().where("slug", "=", slug).executeTakeFirst(),
    byName: (name: string, q: Kysely<DB> = db) => q.selectFrom("authors").selectAll().where("name", "=", name).orderBy("created_at").executeTakeFirst(),
    byAccount: (accountId: string) => db.selectFrom("authors").select(["id"]).where("account_id", "=", accountId).executeTakeFirst(),

    async slugTaken(slug: string, exceptId?: string, q: Kysely<DB> = db): Promise<boolean> {
      let query = q.selectFrom("authors").select("id").where("slug", "=", slug);
      if (exceptId) query = query.where("id", "!=", exceptId);
      return Boolean(await query.executeTakeFirst());
    },

    /** Which of these ids are authors. */
    existing: async (ids: string[], q: Kysely<DB> = db) =>
      ids.length === 0 ? [] : (await q.selectFrom("authors").select("id").where("id", "in", ids).execute()).map((r) => r.id),

    insert: async (row: Insertable<AuthorsTable>, q: Kysely<DB> = db) => {
      await q.insertInto("authors").values(row).execute();
    },

    update: (id: string, changes: Partial<AuthorRow>, q: Kysely<DB> = db) =>
      q.updateTable("authors").set(changes).where("id", "=", id).returningAll().executeTakeFirst(),

    /** Writes a bio for the author called `name` where they have none yet (a seed's; never over an administrator's). */
    fillEmptyBio: async (name: string, bio: string, q: Kysely<DB> = db) => {
      await q.updateTable("authors").set({ bio, updated_at: nowIso() }).where("name", "=", name).where("bio", "=", "").execute();
    },

    remove: async (id: string, q: Kysely<DB> = db) => Number((await q.deleteFrom("authors").where("id", "=", id).executeTakeFirst()).numDeletedRows) > 0,

    articleCount: async (authorId: string, q: Kysely<DB> = db) =>
      Number(
        (
          await q
            .selectFrom("article_authors")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .where("author_id", "=", authorId)
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    /** The ids of the articles an author is on. */
    articlesOf: async (authorId: string, q: Kysely<DB> = db) =>
      (await q.selectFrom("article_authors").select("article_id").where("author_id", "=", authorId).execute()).map((r) => r.article_id),

    /** The authors of these articles, in byline order. */
    authorsOfArticles: (articleIds: string[], q: Kysely<DB> = db): Promise<AuthorRefRow[]> =>
      articleIds.length === 0
        ? Promise.resolve([])
        : q
            .selectFrom("article_authors")
            .innerJoin("authors", "authors.id", "article_authors.author_id")
            .select(["article_authors.article_id", "authors.id", "authors.slug", "authors.name", "authors.photo_url", "authors.photo_small_url"])
            .where("article_authors.article_id", "in", articleIds)
            .orderBy("article_authors.article_id")
            .orderBy("article_authors.position")
            .execute(),

    /** Replaces an article's authors (in this order); `q` is the article save's transaction. */
    async setArticleAuthors(articleId: string, authorIds: string[], q: Kysely<DB> = db): Promise<void> {
      await q.deleteFrom("article_authors").where("article_id", "=", articleId).execute();
      if (authorIds.length) {
        await q
          .insertInto("article_authors")
          .values(authorIds.map((author_id, position) => ({ article_id: articleId, author_id, position })))
          .execute();
      }
    },

    /** Replaces an article's tags (slug → name); `q` is the article save's transaction. */
    async setArticleTags(articleId: string, tags: Map<string, string>, q: Kysely<DB> = db): Promise<void> {
      await q.deleteFrom("article_tags").where("article_id", "=", articleId).execute();
      if (tags.size) {
        await q
          .insertInto("article_tags")
          .values([...tags].map(([slug, name]) => ({ article_id: articleId, slug, name })))
          .execute();
      }
    },

    /** The name a tag's slug is shown with among published articles (the first, alphabetically), if any. */
    publishedTagName: async (slug: string) =>
      (
        await db
          .selectFrom("article_tags")
          .innerJoin("articles", "articles.id", "article_tags.article_id")
          .select((eb) => eb.fn.min("article_tags.name").as("name"))
          .where("article_tags.slug", "=", slug)
          .where("articles.status", "=", "published")
          .executeTakeFirst()
      )?.name ?? undefined,

    /** Authors with at least one published article, and when they last published. */
    publishedAuthors: () =>
      db
        .selectFrom("authors")
        .innerJoin("article_authors", "article_authors.author_id", "authors.id")
        .innerJoin("articles", "articles.id", "article_authors.article_id")
        .where("articles.status", "=", "published")
        .select(["authors.slug", (eb) => eb.fn.max("articles.published_at").as("last")])
        .groupBy("authors.slug")
        .orderBy("authors.slug")
        .execute(),

    /** Tags with at least one published article, and when one was last published. */
    publishedTags: () =>
      db
        .selectFrom("article_tags")
        .innerJoin("articles", "articles.id", "article_tags.article_id")
        .where("articles.status", "=", "published")
        .select(["article_tags.slug", (eb) => eb.fn.max("articles.published_at").as("last")])
        .groupBy("article_tags.slug")
        .orderBy("article_tags.slug")
        .execute(),

    /** Rewrites `articles.author_name` of these articles from their authors, joined in byline order. */
    async syncAuthorNames(articleIds: string[], q: Kysely<DB> = db): Promise<void> {
      for (const articleId of articleIds) {
        const names = await q
          .selectFrom("article_authors")
          .innerJoin("authors", "authors.id", "article_authors.author_id")
          .select("authors.name")
          .where("article_authors.article_id", "=", articleId)
          .orderBy("article_authors.position")
          .execute();
        if (names.length)
          await q
            .updateTable("articles")
            .set({ author_name: joinNames(names.map((n) => n.name)) })
            .where("id", "=", articleId)
            .execute();
      }
    },
  };
}

/** The byline as one name: "A", "A and B", "A, B and C". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export type AuthorsRepository = ReturnType<typeof authorsRepository>;
