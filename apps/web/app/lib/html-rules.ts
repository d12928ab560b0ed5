import { SANITIZE } from "@vestin/shared/blog-core";

/*
 * The parts of the browser's HTML rules that need no sanitizer: the style rule, keyboard access to
 * scrolling blocks, and the headings of a body. They load without DOMPurify (lib/safe-html.ts).
 */

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

/**
 * Wide tables and code blocks scroll sideways inside the reading column (app.css); a keyboard user
 * must be able to reach them to scroll (WCAG 2.1.1, axe's scrollable-region-focusable). Runs on
 * sanitized HTML, where tabindex cannot come from the content (it is not on the allowlist).
 */
export function keyboardScrollable(html: string): string {
  return html.replace(/<(table|pre)(?=[\s>])/gi, '<$1 tabindex="0"');
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
