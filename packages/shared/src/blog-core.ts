/**
 * The blog's constants, messages and pure helpers, free of the schema library, so the browser
 * can use them without loading zod (the article list must stay within its JavaScript budget).
 * blog.ts re-exports everything here next to the schemas.
 */
import { PRODUCTION_ORIGIN } from "./brand.ts";

export const BLOG_MESSAGES = {
  notFound: "Blog post not found",
  idRequired: "Blog ID is required",
  fetchFailed: "Failed to fetch blog post",
  listFailed: "Failed to fetch articles",
  featuredAltRequired: "Describe the featured image in its alt text",
} as const;

/** The alt text the editor inserts with an image, selected for the author to replace: it counts as none. */
export const IMAGE_ALT_PLACEHOLDER = "Describe the image";

/** Whether an image's alt text says something (not empty, not the editor's placeholder). */
export const altTextGiven = (alt: string) => alt.trim() !== "" && alt.trim() !== IMAGE_ALT_PLACEHOLDER;

/** The address of the first Markdown image written without alt text (`![](…)`), or null. */
export function firstImageWithoutAlt(markdown: string): string | null {
  for (const match of markdown.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]*)/g)) {
    if (!altTextGiven(match[1] ?? "")) return match[2] || "without an address";
  }
  return null;
}

/** The refusal of a body image without alt text, naming the image by its address. */
export const imageAltRequired = (src: string) => `Add alt text to the image ${src.length > 80 ? `${src.slice(0, 77)}...` : src}: describe what it shows`;

export const BLOG_SORTS = ["latest", "popular", "trending"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
export const SORT_LABELS: Record<BlogSort, string> = {
  latest: "Latest",
  popular: "Most Popular",
  trending: "Trending",
};

export const ARTICLE_PAGE_SIZE = 50;
export const POPULAR_POSTS = 3;
export const SUGGESTIONS = { minChars: 2, max: 5 } as const;
export const CARD_TAGS = 2;
export const PREVIEW_CHARS = 500;
export const WORDS_PER_MINUTE = 225;

/** Sanitizer allowlist, the one list of tags and attributes an article or lesson may keep: used by sanitize-html on write and DOMPurify in the browser. */
export const SANITIZE = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "u",
    "b",
    "i",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "a",
    "img",
    "div",
    "span",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
  ],
  allowedAttributes: ["href", "title", "alt", "src", "width", "height", "class", "id", "target", "rel", "style"],
  /** data-* attributes are allowed too. */
  allowDataAttributes: true,
  /**
   * What the server adds to a body's images when it renders an article (never accepted from an
   * author): `<picture>` with `<source>`s naming image variants, lazy loading. The browser's
   * second sanitizing pass keeps them.
   */
  renderedImageTags: ["picture", "source"],
  renderedImageAttributes: ["srcset", "sizes", "type", "loading", "decoding"],
  forbiddenTags: ["script", "object", "embed", "form", "input", "button"],
  forbiddenAttributes: ["onerror", "onload", "onclick", "onmouseover", "onfocus", "onblur"],
  allowedSchemes: ["http", "https", "mailto", "tel"],
  /** CSS properties a style attribute may keep. */
  allowedStyles: [
    "text-align",
    "color",
    "background-color",
    "font-weight",
    "font-style",
    "text-decoration",
    "width",
    "height",
    "max-width",
    "margin",
    "margin-left",
    "margin-right",
    "margin-top",
    "margin-bottom",
    "padding",
    "border",
    "vertical-align",
  ],
} as const;

export function slugify(text: string): string {
  return (
    stripAccents(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      // Cutting at 80 can leave a hyphen at the end, which the slug pattern refuses.
      .replace(/-+$/, "")
  );
}

export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "");
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function readTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(wordCount(text) / WORDS_PER_MINUTE));
}

/** Trims share text to a network's limit, ending with "..." when cut. */
export function trimShareText(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  return `${clean.slice(0, limit - 3).trimEnd()}...`;
}
export const SHARE_LIMITS = { short: 280, long: 1000 } as const;

/**
 * A share link's address: local addresses (localhost, private IPs, with or without a port) become
 * the site's public address, `siteOrigin` (the configured PUBLIC_URL; the production host when none
 * is given), and https is added when the scheme is missing. An address already at the site's public
 * origin is kept as it is, so every share link names the address the site is configured with.
 */
export function shareableUrl(url: string, siteOrigin: string = PRODUCTION_ORIGIN): string {
  let value = url.trim();
  if (!/^[a-z]+:\/\//i.test(value)) value = `https://${value.replace(/^\/+/, "")}`;
  try {
    const parsed = new URL(value);
    const local = /^(localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})$/i;
    if (local.test(parsed.hostname)) {
      const site = new URL(siteOrigin || PRODUCTION_ORIGIN);
      parsed.protocol = site.protocol;
      parsed.hostname = site.hostname;
      parsed.port = site.port;
    }
    return parsed.href;
  } catch {
    return value;
  }
}

/** Badge colour family by category keywords (learning spec: "colour by category keywords"). */
export function categoryTone(category: string): "teal" | "violet" | "amber" | "sky" | "rose" | "slate" {
  const c = category.toLowerCase();
  if (/token|vstn/.test(c)) return "violet";
  if (/regulat|legal|compliance/.test(c)) return "amber";
  if (/custody|security/.test(c)) return "sky";
  if (/asset|estate|energy/.test(c)) return "teal";
  if (/news|company/.test(c)) return "rose";
  return "slate";
}

/** What redirects answer and refuse: the API's moved and removed articles, and the console's checks. */
export const REDIRECT_MESSAGES = {
  moved: "This article has moved",
  removed: "This article has been removed",
  notFound: "Redirect not found",
  pathFormat: "Enter a path on this site, starting with /",
  noScheme: "Enter a path on this site, not a full address",
  toItself: "A path cannot redirect to itself",
  loop: "This redirect would lead back to its own path",
  fromTaken: "This path already redirects somewhere",
  livePage: "This path is an article's page: change or remove the article instead",
  notAPage: "Only site pages can redirect, not /api or /admin paths",
  targetRemoved: "The new path answers 410 Gone: choose a page that exists",
} as const;

/** A redirect as the console lists it; `toPath` null means the page answers 410 Gone. */
export type Redirect = {
  _id: string;
  fromPath: string;
  toPath: string | null;
  kind: "slug" | "removed" | "manual";
  createdAt: string;
};
