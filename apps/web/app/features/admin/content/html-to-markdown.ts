import { SANITIZE } from "@vestin/shared/blog-core";
import TurndownService from "turndown";

/**
 * Turns stored article or lesson HTML back into Markdown, so an admin can edit an existing body
 * instead of retyping it. Common elements become Markdown; tables stay as HTML, which Markdown
 * passes through and the server sanitizes on save; what the site never renders is dropped.
 */
const turndown = new TurndownService({
  headingStyle: "atx",
  hr: "---",
  bulletListMarker: "-",
  codeBlockStyle: "fenced",
  emDelimiter: "*",
  strongDelimiter: "**",
});

turndown.keep(["table"]);
turndown.remove([...SANITIZE.forbiddenTags, "style", "template"]);

// A link that opens a new tab keeps its HTML, so target and rel survive the round trip.
turndown.addRule("newTabLink", {
  filter: (node) => node.nodeName === "A" && node.hasAttribute("href") && node.hasAttribute("target"),
  replacement: (_content, node) => (node as HTMLElement).outerHTML,
});

// Text that reads "<b>" stays text: Markdown would take it for a tag.
const escapeMarkdown = turndown.escape.bind(turndown);
turndown.escape = (text) => escapeMarkdown(text).replace(/</g, "&lt;");

export function htmlToMarkdown(html: string): string {
  return `${turndown.turndown(html).trim()}\n`;
}
