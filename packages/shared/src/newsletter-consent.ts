import { PRODUCT_NAME } from "./brand.ts";

/*
 * The newsletter's consent wording, on its own so the subscribe form in the site's
 * footer (in the first JavaScript of every page) can show it without the rest of
 * newsletter-core.ts. newsletter-core.ts and newsletter.ts re-export it.
 */

/**
 * The sentence shown next to every subscribe form, stored with each consent. Its version changes
 * whenever the words change, so a record always says which words a person agreed to.
 */
export const NEWSLETTER_CONSENT = {
  version: "newsletter-2026-11-26",
  text: `Send me the ${PRODUCT_NAME} newsletter: new articles and company news, at most a few times a month. I can unsubscribe with one click in any issue.`,
} as const;
