import { PRODUCT_NAME } from "./brand.ts";
import type { ConfirmedLeadKind } from "./lead-kinds.ts";

/*
 * (Free of the schema library, so the browser can use these without loading zod; form-guard.ts
 * re-exports everything here next to the schemas.)
 *
 * The public forms' bot defences (docs/decisions/0005-form-guard.md): a honeypot field,
 * a signed form token that proves a minimum fill time and is spent once, the API's rate
 * limits, disposable e-mail domains refused on the lead forms that e-mail a confirmation, and an
 * optional challenge (Cloudflare Turnstile or hCaptcha). The texts are shared so that the browser
 * and the server say the same thing to a person caught by mistake.
 */

/** The honeypot's name: plausible to a bot, hidden from people and assistive technology. */
export const HONEYPOT_FIELD = "website";

export const FORM_GUARD_LIMITS = {
  /** A person needs longer than this to read and fill even the shortest form. */
  minFillMs: 3_000,
  /** A form token older than this is refused: the page has been open for a day. */
  maxAgeMs: 24 * 60 * 60 * 1000,
} as const;

/** The forms a token can be spent on (recorded with the spent token, for the team's statistics). */
export const GUARDED_FORMS = ["signup", "contact", "partnership", "presale", "waitlist", "claim", "newsletter"] as const;
export type GuardedForm = (typeof GUARDED_FORMS)[number];

export const CHALLENGE_PROVIDERS = ["turnstile", "hcaptcha"] as const;
export type ChallengeProvider = (typeof CHALLENGE_PROVIDERS)[number];

export const FORM_GUARD_MESSAGES = {
  honeypot:
    "Something about this form looked automated, so we did not accept it. Please reload the page and send it again; if this keeps happening, write to us through the contact page.",
  tooFast: "That was quicker than we expected. Please wait a few seconds and send the form again.",
  expired: "This form has expired. Please reload the page and try again.",
  reused: "This form has already been sent. Please reload the page if you want to send it again.",
  disposableEmail: "Please use a permanent e-mail address; disposable inboxes can't receive our updates.",
  challengeRequired: "Please complete the security check and send the form again.",
  challengeFailed: "We couldn't confirm the security check. Please try it again and send the form.",
  challengeUnavailable: "The security check is not answering right now. Please try again in a minute.",
  /** The browser's text after it has fetched a fresh token by itself: no reload needed. */
  refreshed: "This form had expired, so we have refreshed it. Please check your answers and send it again.",
} as const;

/** True when a honeypot holds anything a person could have typed. */
export function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}

// ---------------------------------------------------------------------------------------------
// Verified leads: the confirmation link e-mailed after a presale, waitlist or claim submission.

/** What a person reads for each kind of lead an e-mail confirmation covers. */
export const CONFIRMED_LEAD_LABELS: Record<ConfirmedLeadKind, string> = {
  presale: "Presale whitelist",
  waitlist: "Testnet waitlist",
  "airdrop-claims": "Airdrop claim",
};

export const CONFIRMATION = {
  /** A link stays valid as long as an unverified lead is kept (see the purge command). */
  linkValidDays: 30,
  /** At most one confirmation e-mail per address in this window. */
  mailIntervalMs: 60 * 60 * 1000,
  /** Unverified leads older than this may be purged. */
  purgeAfterDays: 30,
} as const;

export const CONFIRM_MESSAGES = {
  invalid: "This confirmation link is not valid. Please check that you opened the whole link from the e-mail.",
  expired: `This confirmation link has expired. Links work for ${CONFIRMATION.linkValidDays} days; we can send you a new one.`,
  /**
   * The answer to "Send me a new link", the same whether or not an e-mail went out (an unknown
   * link, nothing left to confirm, or the hour's e-mail already sent), so it tells nobody anything.
   */
  resent:
    "If this address still has sign-ups to confirm, a new link is on its way. Please check your inbox in a few minutes; we send at most one e-mail an hour.",
  used: "This confirmation link has already been used, so there is nothing more to do.",
  confirmed: "Thank you! Your e-mail address is confirmed.",
  mailSubject: `Please confirm your e-mail address for ${PRODUCT_NAME}`,
} as const;
