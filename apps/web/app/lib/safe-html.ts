import DOMPurify from "dompurify";
import { SANITIZE } from "@vestin/shared/blog-core";
import { keyboardScrollable, safeStyle } from "./html-rules";

export { headingsOf, keyboardScrollable, safeStyle, type Heading } from "./html-rules";

const CONFIG = {
  ALLOWED_TAGS: [...SANITIZE.allowedTags, ...SANITIZE.renderedImageTags],
  ALLOWED_ATTR: [...SANITIZE.allowedAttributes, ...SANITIZE.renderedImageAttributes],
  ALLOW_DATA_ATTR: true,
  FORBID_TAGS: [...SANITIZE.forbiddenTags],
  FORBID_ATTR: [...SANITIZE.forbiddenAttributes],
};

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
 * Article and lesson HTML is sanitized on the server when written; the browser sanitizes it again
 * with the same allowlist before rendering. During server rendering the stored HTML is used as is.
 */
export function safeHtml(html: string): string {
  if (typeof window === "undefined") return keyboardScrollable(html);
  filterStyles();
  return keyboardScrollable(DOMPurify.sanitize(html, CONFIG));
}
