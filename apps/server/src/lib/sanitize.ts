import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { SANITIZE, slugify } from "@vestin/shared/blog";

// A style value may not load anything or run anything: no url(), expression() or javascript:.
const SAFE_STYLE_VALUE = /^(?!.*(?:expression|url|javascript|@import))[\w\s#%.,()+-]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...SANITIZE.allowedTags],
  allowedAttributes: { "*": [...SANITIZE.allowedAttributes, "data-*"] },
  allowedSchemes: [...SANITIZE.allowedSchemes],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: { "*": Object.fromEntries(SANITIZE.allowedStyles.map((p) => [p, [SAFE_STYLE_VALUE]])) },
  disallowedTagsMode: "discard",
  transformTags: {
    // A link that opens a new tab must not hand the new page a handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** Article and lesson HTML through the spec's allowlist; a sanitizer failure yields an empty body. */
export function sanitizeArticleHtml(html: string): string {
  try {
    return addHeadingIds(sanitizeHtml(html, OPTIONS));
  } catch {
    return "";
  }
}

/** Markdown rendered to HTML, then sanitized like any other HTML. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeArticleHtml(html);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The readable text of sanitized HTML (previews, read time, search). */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|div|tr|td|th)>|<br\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? (name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : m))
    .replace(/\s+/g, " ")
    .trim();
}

/** Gives every heading an id (for the table of contents) unless it has one. */
export function addHeadingIds(html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sid="([^"]+)"/g)) if (match[1]) used.add(match[1]);
  return html.replace(/<h([1-6])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g, (whole, level: string, attrs: string, inner: string) => {
    if (/\sid=/.test(attrs)) return whole;
    const base = slugify(inner.replace(/<[^>]*>/g, "")) || `section-${level}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return `<h${level}${attrs} id="${id}">${inner}</h${level}>`;
  });
}
