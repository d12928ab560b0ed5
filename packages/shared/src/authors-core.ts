/**
 * Authors and tags: constants, messages and pure helpers without the schema library, so the public
 * author and tag pages can use them without loading zod. authors.ts re-exports everything here.
 */
import { slugify } from "./blog-core.ts";

/** Articles per page on an author's page and a tag's page (and in their API answers by default). */
export const AUTHOR_PAGE_SIZE = 12;
/** Items in an author's or a tag's RSS feed. */
export const TOPIC_FEED_SIZE = 50;
export const AUTHOR_BIO_MAX = 280;
/** At most this many authors on one article. */
export const MAX_ARTICLE_AUTHORS = 5;

/** The links an author may list, in the order a profile shows them. */
export const AUTHOR_LINK_KINDS = ["website", "x", "linkedin", "github"] as const;
export type AuthorLinkKind = (typeof AUTHOR_LINK_KINDS)[number];
export const AUTHOR_LINK_LABELS: Record<AuthorLinkKind, string> = {
  website: "Website",
  x: "X",
  linkedin: "LinkedIn",
  github: "GitHub",
};

export const AUTHOR_MESSAGES = {
  notFound: "Author not found",
  tagNotFound: "Tag not found",
  fetchFailed: "Failed to fetch this page",
  slugTaken: "An author with this slug already exists",
  hasArticles: "This author still has articles. Give their articles another author first, then delete.",
  accountNotFound: "No account has this e-mail address",
  accountTaken: "This account already belongs to another author",
  httpsOnly: "Use an https:// address",
  unknownAuthor: "One of the chosen authors does not exist",
  authorsRequired: "Choose at least one author",
} as const;

/** A tag's slug: the one address of its page, whatever its case or accents (`DeFi` → `defi`). */
export const tagSlug = (tag: string): string => slugify(tag);

/** An article's tags as their pages list them: by slug, each with its first spelling; a tag without a slug has no page. */
export function tagsBySlug(tags: readonly string[]): Map<string, string> {
  const bySlug = new Map<string, string>();
  for (const tag of tags) {
    const slug = tagSlug(tag);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, tag);
  }
  return bySlug;
}

/** The paths of an author's and a tag's pages and feeds. */
export const authorPath = (slug: string) => `/blog/author/${encodeURIComponent(slug)}`;
export const tagPath = (tag: string) => `/blog/tag/${encodeURIComponent(tagSlug(tag))}`;
