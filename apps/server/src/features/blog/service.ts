import { AUTHOR_MESSAGES, type AuthorPage, type TagPage, type TopicPageQuery } from "@vestin/shared/authors";
import {
  altTextGiven,
  BLOG_MESSAGES,
  imageAltRequired,
  readTimeMinutes,
  slugify,
  type Article,
  type ArticleSummary,
  type ArticleWrite,
  type AuthorRef,
  type BlogListQuery,
} from "@vestin/shared/blog";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound, orConflict } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { htmlToText, markdownToSafeHtml, sanitizeArticleHtml } from "../../lib/sanitize.ts";
import { ARTICLE_IMAGE_SIZES, type ImageVariants } from "@vestin/shared/media-core";
import { imageSources, responsiveImagesHtml } from "../media/index.ts";
import type { z } from "zod";
import type { CachedJson, PublicCache } from "../../lib/public-cache.ts";
import { blogRepository, searchText, type ArticleRow, type ArticleSummaryRow } from "./repository.ts";
import { createAuthors, type AccountLookup } from "./authors.ts";
import { createRedirects } from "./redirects.ts";
import { ViewCounter } from "./view-counter.ts";
import type { RevisionsService } from "../revisions/index.ts";
import type { ArticleSnapshot } from "@vestin/shared/revisions";
import { createArticleSchedule, type ScheduleAudit } from "./schedule.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";

const slugTaken = () => conflict("An article with this slug already exists", { slug: "This slug is taken" });

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** What the blog asks the media feature: the size and ready image variants of uploaded images. */
export type ImageLookup = (srcs: Iterable<string>) => Promise<ReadonlyMap<string, ImageVariants>>;
const NO_IMAGES: ReadonlyMap<string, ImageVariants> = new Map();

function toSummary(row: ArticleSummaryRow, images: ReadonlyMap<string, ImageVariants> = NO_IMAGES, authors: AuthorRef[] = []): ArticleSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags: parseTags(row.tags),
    author: { name: row.author_name },
    authors,
    featuredImage: row.featured_image,
    featuredImageAlt: row.featured_image_alt,
    featuredImageVariants: images.get(row.featured_image) ?? null,
    publishedAt: row.published_at,
    readTime: Number(row.read_time),
    viewCount: Number(row.view_count),
    likeCount: Number(row.like_count),
    isFeatured: Boolean(row.is_featured),
    contentPreview: row.content_preview,
  };
}

/** The editable fields of an article as a revision keeps them. */
export function articleSnapshot(row: ArticleRow): ArticleSnapshot {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    category: row.category,
    tags: parseTags(row.tags),
    author: row.author_name,
    featuredImage: row.featured_image,
    featuredImageAlt: row.featured_image_alt,
    publishedAt: row.published_at,
    isFeatured: Boolean(row.is_featured),
    status: row.status,
    sendToSubscribers: row.send_to_subscribers === 1,
    content: row.content_html,
  };
}

/** The administrator who saves: their account is the revision's author. */
export type Editor = { id: string; email: string };

export function toArticle(row: ArticleRow, images?: ReadonlyMap<string, ImageVariants>, authors: AuthorRef[] = []): Article {
  const { contentPreview: _preview, ...summary } = toSummary({ ...row, content_preview: "" }, images, authors);
  return { ...summary, content: row.content_html };
}

/** The derived columns of an article: sanitized HTML, plain text, read time and search text. */
export function articleContent(input: { content?: string | undefined; markdown?: string | undefined; title: string; excerpt: string; tags: string[] }) {
  const html = input.markdown !== undefined ? markdownToSafeHtml(input.markdown) : sanitizeArticleHtml(input.content ?? "");
  const text = htmlToText(html);
  return {
    content_html: html,
    content_text: text,
    read_time: readTimeMinutes(text),
    search_title: searchText(input.title),
    search_tags: searchText(input.tags.join(" ")),
    search_excerpt: searchText(input.excerpt),
    search_body: searchText(text),
  };
}

/**
 * Every image of an article says what it shows: a featured image needs its alt text, and each
 * image of the body (its sanitized HTML, from markdown or HTML) an alt attribute with words in it
 * (the editor's inserted placeholder is not a description).
 * A save that breaks this is refused whole, naming the field and the first image at fault.
 */
function requireAltText(article: { featuredImage: string; featuredImageAlt: string }, body?: { field: "markdown" | "content"; html: string }): void {
  if (article.featuredImage.trim() && !altTextGiven(article.featuredImageAlt)) {
    throw badRequest(BLOG_MESSAGES.featuredAltRequired, { featuredImageAlt: BLOG_MESSAGES.featuredAltRequired });
  }
  if (!body) return;
  for (const match of body.html.matchAll(/<img\b[^>]*>/gi)) {
    const alt = /\salt="([^"]*)"/i.exec(match[0])?.[1] ?? "";
    if (altTextGiven(alt)) continue;
    const src = (/\ssrc="([^"]*)"/i.exec(match[0])?.[1] ?? "").replace(/&amp;/g, "&");
    const message = imageAltRequired(src || "without an address");
    throw badRequest(message, { [body.field]: message });
  }
}

const ARTICLE_ANSWER = "article-answer:";

/** An article as served to readers, with its view count kept current between database writes. */
type LiveArticle = { article: Article; views: number };

/** An article in the editor: any status, and whether it goes to newsletter subscribers on publish. */
export type ArticleForEditing = Article & { status: ArticleRow["status"]; scheduledAt: string | null; sendToSubscribers: boolean };

/** An article as saved by an admin, for whoever acts on publication (the newsletter's send-on-publish). */
export type SavedArticle = { id: string; title: string; status: ArticleRow["status"]; publishedAt: string; sendToSubscribers: boolean };

type BlogDeps = {
  database: Database;
  images: ImageLookup;
  /** Each save of an article keeps a revision, in the save's transaction (features/revisions). */
  revisions: RevisionsService;
  /** Authors linked to accounts find them by e-mail. */
  accounts: AccountLookup;
  cache: PublicCache;
  jobs: JobQueue;
  /** Writes an audit log row in the caller's transaction (scheduled publishing audits its writes). */
  recordAudit: ScheduleAudit;
  onError: (error: unknown) => void;
  /** Public answers and pages may have changed without an administrator's request (a scheduled article went public). */
  onPublicChange: () => void;
  /**
   * Called inside each create's and update's transaction: what it stores (a job, say) is committed
   * with the article or not at all.
   */
  onSaved?: (article: SavedArticle, trx: Kysely<DB>) => Promise<void>;
};

export function createBlogService({ database, images, accounts, cache, jobs, recordAudit, onError, onPublicChange, onSaved, revisions }: BlogDeps) {
  const repo = blogRepository(database.db, database.dialect);
  const authors = createAuthors({ db: database.db, accounts });

  /** Summaries with their authors (one query for the page). */
  const summaries = async (rows: ArticleSummaryRow[]): Promise<ArticleSummary[]> => {
    const [refs, found] = await Promise.all([authors.refsOf(rows.map((r) => r.id)), images(rows.map((r) => r.featured_image))]);
    return rows.map((r) => toSummary(r, found, refs.get(r.id)));
  };
  /** An article with its authors (and its images' variants, when looked up). */
  const withAuthors = async (row: ArticleRow, q: Kysely<DB> = database.db, found?: ReadonlyMap<string, ImageVariants>): Promise<Article> =>
    toArticle(row, found, (await authors.refsOf([row.id], q)).get(row.id));

  /** A page of an author's or a tag's articles, as the API answers it. */
  const topicPage = async (found: { rows: ArticleSummaryRow[]; total: number }, q: TopicPageQuery) => ({
    articles: await summaries(found.rows),
    total: found.total,
    page: q.page,
    limit: q.limit,
    pages: Math.ceil(found.total / q.limit),
  });
  const views = new ViewCounter(repo, onError);
  const redirects = createRedirects({ db: database.db, isArticleSlug: (slug) => repo.slugTaken(slug) });

  /** What every save does in its transaction: a revision of the saved article, then the listeners. */
  const saved = async (row: ArticleRow, trx: Kysely<DB>, editor: Editor | null, restoredFrom?: number): Promise<void> => {
    await revisions.record(trx, { kind: "article", subjectId: row.id, snapshot: articleSnapshot(row), authorId: editor?.id ?? null, restoredFrom });
    await onSaved?.({ id: row.id, title: row.title, status: row.status, publishedAt: row.published_at, sendToSubscribers: row.send_to_subscribers === 1 }, trx);
  };

  const schedule = createArticleSchedule({
    database,
    recordAudit,
    jobs,
    findArticle: (idOrSlug) => repo.findByIdOrSlug(idOrSlug),
    saved: (row, trx) => saved(row, trx, null),
    onPublicChange,
    onError,
  });

  /** The published article behind an id or slug, shared by every reader for the cache's lifetime. */
  async function liveArticle(idOrSlug: string): Promise<LiveArticle> {
    const { id } = await cache.value(`article-id:${idOrSlug}`, async () => {
      const row = await repo.findPublished(idOrSlug);
      if (!row) throw notFound(BLOG_MESSAGES.notFound);
      return { id: row.id };
    });
    return cache.value(
      `article:${id}`,
      async () => {
        const unsaved = await views.unsaved(id);
        const row = await repo.findPublished(id);
        if (!row) throw notFound(BLOG_MESSAGES.notFound);
        // Readers get the body's uploaded images as <picture>s naming their ready variants, rewritten
        // here and kept with the cached article (renewed within seconds when variants become ready).
        const found = await images([row.featured_image, ...imageSources(row.content_html)]);
        const article = await withAuthors({ ...row, content_html: responsiveImagesHtml(row.content_html, found, ARTICLE_IMAGE_SIZES) }, database.db, found);
        return { article, views: article.viewCount + unsaved };
      },
      (live) => live.article.content.length + 2048,
    );
  }

  /** One more view: saved with the next batch, and shown by the shared article until it is renewed. */
  function countViewOf(live: LiveArticle): void {
    live.views += 1;
    views.add(live.article._id);
  }

  async function uniqueSlug(base: string): Promise<string> {
    const root = base || "article";
    let slug = root;
    for (let n = 2; await repo.slugTaken(slug); n++) slug = `${root}-${n}`;
    return slug;
  }

  const service = {
    /** Old paths of renamed and removed articles, and administrators' manual redirects. */
    redirects,

    /** Scheduled publishing: schedule, move, cancel, and the publishing at the moment. */
    schedule,

    /** Authors as people (the console's writes; the public pages' lookups). */
    authors,

    async list(query: BlogListQuery) {
      const { rows, total } = await repo.listPublished(query);
      return { items: await summaries(rows), total, pages: Math.ceil(total / query.limit) };
    },

    /** An author's profile and a page of their published articles. */
    async authorPage(slug: string, q: TopicPageQuery): Promise<AuthorPage> {
      const author = await authors.bySlug(slug);
      if (!author) throw notFound(AUTHOR_MESSAGES.notFound);
      return { author, ...(await topicPage(await repo.publishedByAuthor(author._id, q.page, q.limit), q)) };
    },

    /** A tag and a page of its published articles; a tag no published article carries is not found. */
    async tagPage(slug: string, q: TopicPageQuery): Promise<TagPage> {
      const name = await authors.publishedTagName(slug);
      if (!name) throw notFound(AUTHOR_MESSAGES.tagNotFound);
      return { tag: { slug, name }, ...(await topicPage(await repo.publishedByTag(slug, q.page, q.limit), q)) };
    },

    async categories() {
      const rows = await repo.categories();
      return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
    },

    /** Counts a view of a published article by id or slug (a cached article page was read). */
    async countView(idOrSlug: string): Promise<void> {
      countViewOf(await liveArticle(idOrSlug));
    },

    /**
     * Counts a view and answers the article as stored bytes: the same for every reader until the
     * cache entry is renewed (its viewCount may lag by the cache's lifetime, like the lists'),
     * so a popular article costs no serialization and no compression per read.
     */
    async viewAnswer(idOrSlug: string, schema: z.ZodType): Promise<{ answer: CachedJson; countView: () => void }> {
      const live = await liveArticle(idOrSlug);
      countViewOf(live);
      // Synchronous, for reads answered early: the shared article as it is cached at that moment.
      const countView = () => countViewOf(cache.peek<LiveArticle>(`article:${live.article._id}`) ?? live);
      return {
        answer: await cache.json(`${ARTICLE_ANSWER}${live.article._id}`, schema, async () => ({
          success: true,
          data: { ...live.article, viewCount: live.views },
        })),
        countView,
      };
    },

    async like(idOrSlug: string, delta: 1 | -1): Promise<number> {
      const row = await repo.adjustLikes(idOrSlug, delta);
      if (row === undefined) throw notFound(BLOG_MESSAGES.notFound);
      const likeCount = Number(row.like_count);
      // Readers of the cached article see the new count at once.
      const live = cache.peek<LiveArticle>(`article:${row.id}`);
      if (live) live.article = { ...live.article, likeCount };
      cache.forget((key) => key === `json:${ARTICLE_ANSWER}${row.id}`);
      return likeCount;
    },

    /** Writes the views counted so far (the server calls this on shutdown). */
    flushViews: () => views.close(),

    /** Every article, drafts included, newest first (admin console); search matches the title. */
    async listForAdmin(q: { search?: string | undefined; status?: ArticleRow["status"] | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.adminPage(q);
      return {
        items: rows.map((r) => ({
          _id: r.id,
          slug: r.slug,
          title: r.title,
          category: r.category,
          status: r.status,
          publishedAt: r.published_at,
          scheduledAt: r.scheduled_at,
          updatedAt: r.updated_at,
          viewCount: Number(r.view_count),
          likeCount: Number(r.like_count),
          author: { name: r.author_name },
          isFeatured: Boolean(r.is_featured),
        })),
        total,
        pages: Math.ceil(total / q.limit),
      };
    },

    /** One article whatever its status, without counting a view (admin editor). */
    async getForEditing(idOrSlug: string): Promise<ArticleForEditing> {
      const row = await repo.findByIdOrSlug(idOrSlug);
      if (!row) throw notFound(BLOG_MESSAGES.notFound);
      return {
        ...(await withAuthors(row, database.db, await images([row.featured_image]))),
        status: row.status,
        scheduledAt: row.scheduled_at,
        sendToSubscribers: row.send_to_subscribers === 1,
      };
    },

    /**
     * An article whatever its status, as its page would show it, for a preview link: no view is
     * counted and nothing is cached. Undefined when there is no such article.
     */
    async forPreview(id: string): Promise<{ article: Article; published: boolean } | undefined> {
      const row = await repo.findByIdOrSlug(id);
      if (!row || row.id !== id) return undefined;
      return { article: await withAuthors(row), published: row.status === "published" };
    },

    async topArticles(limit = 5) {
      const rows = await repo.mostViewed(limit);
      return rows.map((r) => ({ _id: r.id, slug: r.slug, title: r.title, viewCount: Number(r.view_count), likeCount: Number(r.like_count) }));
    },

    async create(input: ArticleWrite, editor: Editor | null = null): Promise<Article> {
      const content = articleContent(input);
      requireAltText(input, { field: input.markdown !== undefined ? "markdown" : "content", html: content.content_html });
      if (input.slug && (await repo.slugTaken(input.slug))) {
        throw conflict("An article with this slug already exists", { slug: "This slug is taken" });
      }
      const now = nowIso();
      const row: ArticleRow = {
        id: newId(),
        slug: input.slug ?? (await uniqueSlug(slugify(input.title))),
        title: input.title,
        excerpt: input.excerpt,
        category: input.category,
        tags: JSON.stringify(input.tags),
        author_name: input.author?.name ?? "",
        featured_image: input.featuredImage,
        featured_image_alt: input.featuredImageAlt,
        published_at: input.publishedAt ? new Date(input.publishedAt).toISOString() : now,
        view_count: 0,
        like_count: 0,
        is_featured: input.isFeatured ? 1 : 0,
        status: input.status,
        scheduled_at: null,
        send_to_subscribers: input.sendToSubscribers ? 1 : 0,
        created_at: now,
        updated_at: now,
        ...content,
      };
      const article = await orConflict(
        database.db.transaction().execute(async (trx) => {
          const authorIds = await authors.resolve({ authorIds: input.authorIds, name: input.author?.name }, trx);
          if (!authorIds) throw badRequest(AUTHOR_MESSAGES.authorsRequired, { authorIds: AUTHOR_MESSAGES.authorsRequired });
          row.author_name = await authors.bylineOf(authorIds, trx);
          await repo.insert(row, trx);
          await authors.linkArticle(row.id, authorIds, input.tags, trx);
          await redirects.slugTaken(row.slug, trx);
          await saved(row, trx, editor);
          return withAuthors(row, trx);
        }),
        slugTaken,
      );
      redirects.changed();
      return { ...article, featuredImageVariants: (await images([row.featured_image])).get(row.featured_image) ?? null };
    },

    update: (id: string, input: Partial<ArticleWrite>, editor: Editor | null = null) => update(id, input, editor),

    /** An article's revisions, newest first (404 when the article does not exist). */
    async articleRevisions(idOrSlug: string, page: number, limit: number) {
      const current = await repo.findByIdOrSlug(idOrSlug);
      if (!current) throw notFound(BLOG_MESSAGES.notFound);
      return revisions.list("article", current.id, page, limit);
    },

    async articleRevision(idOrSlug: string, number: number) {
      const current = await repo.findByIdOrSlug(idOrSlug);
      if (!current) throw notFound(BLOG_MESSAGES.notFound);
      return revisions.get<ArticleSnapshot>("article", current.id, number);
    },

    /**
     * Brings back a revision's content as the article's current one: title, excerpt, category,
     * tags, author, featured image and body. Its address, status, publication date and newsletter
     * choice stay as they are now (publishing is not an edit to undo). The restore is a save: it
     * keeps a new revision, "Restored from #N", and its audit entry, in one transaction.
     */
    async restoreRevision(
      idOrSlug: string,
      number: number,
      editor: Editor,
      audit: (trx: Kysely<DB>, articleId: string) => Promise<void>,
    ): Promise<{ article: Article; number: number }> {
      const current = await repo.findByIdOrSlug(idOrSlug);
      if (!current) throw notFound(BLOG_MESSAGES.notFound);
      const { snapshot } = await revisions.get<ArticleSnapshot>("article", current.id, number);
      const restored = await update(
        current.id,
        {
          title: snapshot.title,
          excerpt: snapshot.excerpt,
          category: snapshot.category,
          tags: snapshot.tags,
          author: { name: snapshot.author },
          featuredImage: snapshot.featuredImage,
          featuredImageAlt: snapshot.featuredImageAlt,
          isFeatured: snapshot.isFeatured,
          content: snapshot.content,
        },
        editor,
        {
          from: number,
          audit: (trx) => audit(trx, current.id),
        },
      );
      return { article: restored, number };
    },

    async remove(id: string): Promise<void> {
      const current = await repo.findByIdOrSlug(id);
      if (!current) throw notFound(BLOG_MESSAGES.notFound);
      const removed = await database.db.transaction().execute(async (trx) => {
        if (!(await repo.remove(current.id, trx))) return false;
        // Its old links answer 410 Gone, not 404: the article existed and was taken down.
        await redirects.articleRemoved(current.id, current.slug, trx);
        await revisions.removeOf(trx, "article", current.id);
        return true;
      });
      redirects.changed();
      if (!removed) throw notFound(BLOG_MESSAGES.notFound);
    },
  };

  /** A restore: the revision brought back, and its audit entry, written in the save's transaction. */
  type Restore = { from: number; audit: (trx: Kysely<DB>) => Promise<void> };

  async function update(id: string, input: Partial<ArticleWrite>, editor: Editor | null, restore?: Restore): Promise<Article> {
    const current = await repo.findByIdOrSlug(id);
    if (!current) throw notFound(BLOG_MESSAGES.notFound);
    if (input.slug && (await repo.slugTaken(input.slug, current.id))) {
      throw conflict("An article with this slug already exists", { slug: "This slug is taken" });
    }
    const title = input.title ?? current.title;
    const excerpt = input.excerpt ?? current.excerpt;
    const tags = input.tags ?? parseTags(current.tags);
    const contentChanged = input.content !== undefined || input.markdown !== undefined;
    const derived = articleContent({
      title,
      excerpt,
      tags,
      ...(contentChanged ? { content: input.content, markdown: input.markdown } : { content: current.content_html }),
    });
    requireAltText(
      { featuredImage: input.featuredImage ?? current.featured_image, featuredImageAlt: input.featuredImageAlt ?? current.featured_image_alt },
      contentChanged ? { field: input.markdown !== undefined ? "markdown" : "content", html: derived.content_html } : undefined,
    );
    const updated = await orConflict(
      database.db.transaction().execute(async (trx) => {
        const authorIds = await authors.resolve({ authorIds: input.authorIds, name: input.author?.name }, trx);
        const row = await repo.update(
          current.id,
          {
            title,
            excerpt,
            slug: input.slug ?? current.slug,
            category: input.category ?? current.category,
            tags: JSON.stringify(tags),
            author_name: authorIds ? await authors.bylineOf(authorIds, trx) : current.author_name,
            featured_image: input.featuredImage ?? current.featured_image,
            featured_image_alt: input.featuredImageAlt ?? current.featured_image_alt,
            published_at: input.publishedAt ? new Date(input.publishedAt).toISOString() : current.published_at,
            is_featured: input.isFeatured === undefined ? current.is_featured : input.isFeatured ? 1 : 0,
            status: input.status ?? current.status,
            // Published or drafted by hand, it leaves the schedule (its job then finds nothing to do).
            scheduled_at: input.status === undefined ? current.scheduled_at : null,
            send_to_subscribers: input.sendToSubscribers === undefined ? current.send_to_subscribers : input.sendToSubscribers ? 1 : 0,
            updated_at: nowIso(),
            ...derived,
          },
          trx,
        );
        // The article's own address never redirects away: a manual redirect made while it was a draft goes too.
        if (row && row.slug !== current.slug) await redirects.slugChanged(row.id, current.slug, row.slug, trx);
        else if (row) await redirects.slugTaken(row.slug, trx);
        if (!row) return undefined;
        await authors.linkArticle(row.id, authorIds, tags, trx);
        await saved(row, trx, editor, restore?.from);
        await restore?.audit(trx);
        return withAuthors(row, trx);
      }),
      slugTaken,
    );
    redirects.changed();
    if (!updated) throw notFound(BLOG_MESSAGES.notFound);
    return { ...updated, featuredImageVariants: (await images([updated.featuredImage])).get(updated.featuredImage) ?? null };
  }

  return service;
}

export type BlogService = ReturnType<typeof createBlogService>;
