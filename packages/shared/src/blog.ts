import { z } from "./zod.ts";
import { BLOG_SORTS, REDIRECT_MESSAGES } from "./blog-core.ts";

export * from "./blog-core.ts";

/** An uploaded image's size and the widths of its ready image variants (`media-core.ts`). */
export const imageVariantsSchema = z.object({ width: z.number().int(), height: z.number().int(), widths: z.array(z.number().int()) });
/** An article's author as bylines show them: linked to their page at /blog/author/{slug}. */
export const authorRefSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** The square 64 px photo (or the 256 px one); "" when none. */
  photoUrl: z.string(),
});
export type AuthorRef = z.infer<typeof authorRefSchema>;

export const articleSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** The authors' names, joined: kept for clients that read one name. */
  author: z.object({ name: z.string() }),
  /** The authors in byline order (at least one). */
  authors: z.array(authorRefSchema),
  featuredImage: z.string(),
  featuredImageAlt: z.string(),
  /** Set when the featured image is an upload: its size and ready variants (null for any other address). */
  featuredImageVariants: imageVariantsSchema.nullable(),
  publishedAt: z.string(),
  readTime: z.number().int(),
  viewCount: z.number().int(),
  likeCount: z.number().int(),
  isFeatured: z.boolean(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleSummarySchema = articleSchema.omit({ content: true }).extend({ contentPreview: z.string() });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const blogListQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .default(10)
    .transform((n) => Math.min(n, 100)),
  category: z.string().trim().max(100).optional(),
  search: z.string().max(500, "search must be at most 500 characters").optional(),
  sort: z.enum(BLOG_SORTS, { error: "sort must be one of latest, popular, trending" }).default("latest"),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fields an admin can write; content as sanitized HTML, or as `markdown` rendered on the server. */
export const articleFieldsSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  slug: z.string().trim().toLowerCase().regex(slugPattern, "Use lower-case letters, digits and hyphens").max(120),
  excerpt: z.string({ error: "Excerpt is required" }).trim().min(1, "Excerpt is required").max(400, "Excerpt is too long"),
  content: z.string().max(90_000, "Content is too long"),
  markdown: z.string().max(90_000, "Content is too long"),
  category: z.string({ error: "Category is required" }).trim().min(1, "Category is required").max(60),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(12, "At most 12 tags"),
  /** One author by name, found or created (older clients); `authorIds` takes precedence. */
  author: z.object({ name: z.string().trim().min(1, "Author is required").max(100) }, { error: "Author is required" }),
  /** The article's authors, in byline order. */
  authorIds: z
    .array(z.string().trim().min(1).max(100))
    .min(1, "Choose at least one author")
    .max(5, "At most 5 authors")
    .refine((ids) => new Set(ids).size === ids.length, "An author is listed twice"),
  featuredImage: z.string().trim().max(500),
  featuredImageAlt: z.string().trim().max(300),
  publishedAt: z.iso.datetime({ error: "publishedAt must be an ISO date-time" }),
  isFeatured: z.boolean(),
  status: z.enum(["published", "draft"]),
  /** E-mail the article to confirmed newsletter subscribers when it is published (once, ever). */
  sendToSubscribers: z.boolean({ error: "sendToSubscribers must be true or false" }),
});

const f = articleFieldsSchema.shape;
/** Creating an article: the required fields, sensible defaults for the rest. */
export const articleWriteSchema = z
  .object({
    ...f,
    slug: f.slug.optional(),
    author: f.author.optional(),
    authorIds: f.authorIds.optional(),
    content: f.content.optional(),
    markdown: f.markdown.optional(),
    tags: f.tags.default([]),
    featuredImage: f.featuredImage.default(""),
    featuredImageAlt: f.featuredImageAlt.default(""),
    publishedAt: f.publishedAt.optional(),
    isFeatured: f.isFeatured.default(false),
    status: f.status.default("published"),
    sendToSubscribers: f.sendToSubscribers.default(false),
  })
  .refine((a) => a.content !== undefined || a.markdown !== undefined, {
    message: "Content is required",
    path: ["content"],
  })
  .refine((a) => a.author !== undefined || a.authorIds !== undefined, { message: "Author is required", path: ["author"] });
/** Updating an article: any subset of the fields; what is absent stays as it is. */
export const articleUpdateSchema = articleFieldsSchema.partial();
export type ArticleWrite = z.infer<typeof articleWriteSchema>;

export const categoryCountSchema = z.object({ category: z.string(), count: z.number().int() });

/** Lower-case words a-z/0-9 joined by hyphens. */

/**
 * A site path an administrator types for a redirect: starts with one "/", no scheme or host
 * (so a redirect never leaves the site), no query or fragment on the old side, at most 500
 * characters. Stored as a browser sends it (percent-encoded, /a/../b as /b), trailing slashes
 * dropped: the router treats /a/ as /a.
 */
const sitePath = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(500, `${field} is too long`)
    .refine((p) => !/^[a-z][a-z0-9+.-]*:/i.test(p) && !p.startsWith("//") && !p.includes("\\"), REDIRECT_MESSAGES.noScheme)
    .refine((p) => p.startsWith("/"), REDIRECT_MESSAGES.pathFormat)
    .refine((p) => !/[\s<>"]/.test(p), REDIRECT_MESSAGES.pathFormat)
    .transform((p) => {
      // As a browser sends it: dot segments resolved, other characters percent-encoded.
      const url = new URL(p, "http://site.invalid");
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") || "/" : url.pathname;
      return `${path}${url.search}${url.hash}`;
    });

/** A manual redirect: any old site path (without query) to a new one. */
export const redirectWriteSchema = z.object({
  fromPath: sitePath("The old path").refine((p) => !/[?#]/.test(p), "The old path cannot carry a query or a fragment"),
  toPath: sitePath("The new path"),
});
export type RedirectWrite = z.infer<typeof redirectWriteSchema>;

export const redirectSchema = z.object({
  _id: z.string(),
  fromPath: z.string(),
  toPath: z.string().nullable().describe("null: the page answers 410 Gone"),
  kind: z.enum(["slug", "removed", "manual"]),
  createdAt: z.string(),
});
