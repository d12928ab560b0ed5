import { marked } from "marked";
import { safeHtml } from "~/lib/safe-html";

/** Markdown as the server will render it (GitHub-flavoured), sanitized with the site's allowlist. */
export function markdownPreviewHtml(markdown: string): string {
  try {
    return safeHtml(marked.parse(markdown, { async: false, gfm: true }));
  } catch {
    return "";
  }
}
