import { PRODUCT_NAME } from "@vestin/shared/brand";

/*
 * The subscribe form's words, apart from the rest (copy.ts, card-copy.ts) so that each
 * page loads only the words it shows: the form is on every page, in the footer.
 */

/** The form itself, in the footer and in the cards. */
export const subscribeFormCopy = {
  // "E-mail", as the rest of the site writes it (and not the sign-in and lead forms' "Email" label, which tests and assistive technology look up by name).
  email: "Your e-mail",
  submit: "Subscribe",
  sending: "Subscribing…",
  /** When the sending code itself could not be loaded (offline, or a new version of the site). */
  offline: "Could not connect. Please try again.",
} as const;

export const footerNewsletterCopy = {
  heading: `The ${PRODUCT_NAME} newsletter`,
  why: "New articles and company news, a few times a month. No account needed.",
} as const;
