import DOMPurify from "dompurify";
import { SANITIZE } from "@vestin/shared/blog-core";

const CONFIG = {
  ALLOWED_TAGS: [...SANITIZE.allowedTags, ...SANITIZE.renderedImageTags],
  ALLOWED_ATTR: [...SANITIZE.allowedAttributes, ...SANITIZE.renderedImageAttributes],
  ALLOW_DATA_ATTR: true,
  FORBID_TAGS: [...SANITIZE.forbiddenTags],
  FORBID_ATTR: [...SANITIZE.forbiddenAttributes],
};

/** The server's rule for a style value (lib/sanitize.ts): nothing that loads or runs, no escapes. */
const SAFE_STYLE_VALUE = /^(?!.*(?:expression|url|javascript|@import))[\w\s#%.,()+-]+$/i;
const ALLOWED_STYLES = new Set<string>(SANITIZE.allowedStyles);

/** Keeps the declarations of a style attribute that the server would keep; "" when none is left. */
export function safeStyle(style: string): string {
  return style
    .split(";")
    .map((declaration) => {
      const colon = declaration.indexOf(":");
      if (colon < 0) return "";
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return ALLOWED_STYLES.has(property) && SAFE_STYLE_VALUE.test(value) ? `${property}:${value}` : "";
    })
    .filter(Boolean)
    .join(";");
}

let hooked = false;
/** DOMPurify keeps style attributes whole; filter them like the server does (no url(), expression() …). */
function filterStyles() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName !== "style") return;
    const kept = safeStyle(data.attrValue);
    if (kept) data.attrValue = kept;
    else data.keepAttr = false;
  });
}

/**
 * Wide tables and code blocks scroll sideways inside the reading column (app.css); a keyboard user
 * must be able to reach them to scroll (WCAG 2.1.1, axe's scrollable-region-focusable). Runs on
 * sanitized HTML, where tabindex cannot come from the content (it is not on the allowlist).
 */
export function keyboardScrollable(html: string): string {
  return html.replace(/<(table|pre)(?=[\s>])/gi, '<$1 tabindex="0"');
}

/**
 * Article and lesson HTML is sanitized on the server when written; the browser sanitizes it again
 * with the same allowlist before rendering. During server rendering the stored HTML is used as is.
 */
export function safeHtml(html: string): string {
  if (typeof window === "undefined") return keyboardScrollable(html);
  filterStyles();
  return keyboardScrollable(DOMPurify.sanitize(html, CONFIG));
}

export type Heading = { id: string; level: number; text: string };

/** The headings (h1–h6 with ids) of sanitized HTML, for a table of contents. */
export function headingsOf(html: string): Heading[] {
  const headings: Heading[] = [];
  for (const match of html.matchAll(/<h([1-6])\b[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    const text = (match[3] ?? "")
      .replace(/<[^>]*>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .trim();
    if (match[2] && text) headings.push({ id: match[2], level: Number(match[1]), text });
  }
  return headings;
}
