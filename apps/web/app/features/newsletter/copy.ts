import { PRODUCT_NAME } from "@vestin/shared/brand";

/*
 * The newsletter's copy for the code that loads when it is needed: the form's sending
 * step and the confirm and unsubscribe pages. The form's own words are in form-copy.ts, which is
 * in every page's first JavaScript; the texts the API also uses are in @vestin/shared/newsletter-core.
 */

/** Read only by the code loaded when a form is first used. */
export const subscribeSendCopy = {
  networkError: "We could not reach Vestin just now. Please check your connection and try again.",
  failed: "Sorry, we could not subscribe this address just now. Please try again in a minute.",
  tooMany: "Too many attempts from this connection. Please try again in an hour.",
} as const;

export const newsletterConfirmCopy = {
  title: "Confirm your subscription",
  description: `Confirm your subscription to the ${PRODUCT_NAME} newsletter.`,
  eyebrow: "Newsletter",
  intro: "One click tells us this address is really yours, and the newsletter can start.",
  checking: "Confirming your subscription…",
  confirmedHeading: "Subscription confirmed",
  alreadyHeading: "Already confirmed",
  expiredHeading: "This link has expired",
  invalidHeading: "This link is not valid",
  failedHeading: "We could not confirm your subscription just now",
  missingToken: "This page needs the link from your confirmation e-mail. Please open the link in the e-mail again.",
  askAgain: "Enter your address below and we will send you a new link.",
  readArticles: "Read the latest articles",
  homeLink: "Back to Home",
  contactLink: "Contact us",
  retry: "Try again",
} as const;

export const newsletterUnsubscribeCopy = {
  title: "Unsubscribe from the newsletter",
  description: `Stop getting the ${PRODUCT_NAME} newsletter.`,
  eyebrow: "Newsletter",
  intro: "One click, no sign-in: this page only needs the link from the newsletter.",
  checking: "Checking your link…",
  askHeading: (email: string) => `Unsubscribe ${email} from the ${PRODUCT_NAME} newsletter?`,
  askText: "You will stop getting the newsletter at once. Messages about an account or a sign-up you made are not affected.",
  pendingText: "This address has not confirmed its subscription yet; unsubscribing cancels it, and no newsletter will be sent to it.",
  unsubscribe: "Unsubscribe",
  unsubscribing: "Unsubscribing…",
  keep: "Keep my subscription",
  doneHeading: "Subscription cancelled",
  alreadyHeading: "Already unsubscribed",
  comeBack: "Changed your mind? You can subscribe again at the end of any article.",
  expiredHeading: "This link has expired",
  invalidHeading: "This link is not valid",
  failedHeading: "We could not reach Vestin just now",
  missingToken: "This page needs the unsubscribe link from the newsletter. Please open the link in the e-mail again.",
  readArticles: "Read the blog",
  homeLink: "Back to Home",
  contactLink: "Contact us",
  retry: "Try again",
} as const;
