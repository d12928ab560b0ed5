import { successEnvelope } from "./api.ts";
import { articleSummarySchema } from "./blog.ts";
import { AUTHOR_BIO_MAX, AUTHOR_LINK_KINDS, AUTHOR_MESSAGES, AUTHOR_PAGE_SIZE } from "./authors-core.ts";
import { z } from "./zod.ts";

export * from "./authors-core.ts";

export { authorRefSchema, type AuthorRef } from "./blog.ts";

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An https address (a profile link or a photo elsewhere): nothing else a page would link to. */
const httpsUrl = z
  .string()
  .trim()
  .max(500, "The address is too long")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && Boolean(url.hostname) && !url.username && !url.password;
    } catch {
      return false;
    }
  }, AUTHOR_MESSAGES.httpsOnly);

export const authorLinksSchema = z
  .object(
    Object.fromEntries(AUTHOR_LINK_KINDS.map((kind) => [kind, httpsUrl.optional()])) as Record<
      (typeof AUTHOR_LINK_KINDS)[number],
      z.ZodOptional<typeof httpsUrl>
    >,
  )
  .strict();
export type AuthorLinks = z.infer<typeof authorLinksSchema>;

/** An author as the public profile shows them. */
export const authorSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  bio: z.string(),
  /** The square 256 px photo; "" when none. */
  photoUrl: z.string(),
  /** The square 64 px photo; "" when none. */
  photoSmallUrl: z.string(),
  links: authorLinksSchema,
});
export type Author = z.infer<typeof authorSchema>;

/** An author in the console: who they are linked to and how many articles they have. */
export const adminAuthorSchema = authorSchema.extend({
  accountEmail: z.string().nullable(),
  articleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAuthor = z.infer<typeof adminAuthorSchema>;

/** A photo: an uploaded image of this site (`/media/<id>.webp`) or an https address. */
const photoUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^\/media\/[0-9a-f-]{36}\.webp$/.test(v) || /^https:\/\/[^\s"<>]+$/.test(v), "Upload a photo or use an https:// address");

/** What an administrator writes; absent optional fields keep their value on update. */
export const authorWriteSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long"),
  slug: z.string().trim().toLowerCase().max(80, "Slug is too long").regex(slugPattern, "Use lower-case letters, digits and hyphens").optional(),
  bio: z.string().trim().max(AUTHOR_BIO_MAX, `Keep the bio within ${AUTHOR_BIO_MAX} characters`).default(""),
  links: authorLinksSchema.default({}),
  photoUrl: photoUrl.optional(),
  photoSmallUrl: photoUrl.optional(),
  /** The account this author is, by its e-mail address; "" or null unlinks it. */
  accountEmail: z.union([z.literal(""), z.null(), z.email("Enter a valid e-mail address").max(254)]).optional(),
});
export type AuthorWrite = z.infer<typeof authorWriteSchema>;
export const authorUpdateSchema = authorWriteSchema.partial().extend({ bio: authorWriteSchema.shape.bio.optional(), links: authorLinksSchema.optional() });
export type AuthorUpdate = z.infer<typeof authorUpdateSchema>;

/** ?page=N of an author's or a tag's articles. */
export const topicPageQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .default(AUTHOR_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});
export type TopicPageQuery = z.infer<typeof topicPageQuerySchema>;

const articlePage = {
  articles: z.array(articleSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
};

export const authorPageSchema = z.object({ author: authorSchema, ...articlePage });
export type AuthorPage = z.infer<typeof authorPageSchema>;

export const tagSchema = z.object({ slug: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const tagPageSchema = z.object({ tag: tagSchema, ...articlePage });
export type TagPage = z.infer<typeof tagPageSchema>;

/** Authors and tags with at least one published article (the sitemap's entries). */
export const publishedTopicsSchema = z.object({
  authors: z.array(z.object({ slug: z.string(), lastPublishedAt: z.string() })),
  tags: z.array(z.object({ slug: z.string(), lastPublishedAt: z.string() })),
});
export type PublishedTopics = z.infer<typeof publishedTopicsSchema>;

export const authorPageEnvelope = successEnvelope(authorPageSchema);
export const tagPageEnvelope = successEnvelope(tagPageSchema);
