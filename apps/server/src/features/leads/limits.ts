import { LIMITS, type Limit } from "../../lib/rate-limit.ts";

/** Each form has its own budget of the API's 30 submissions per hour per address, so one form does not eat another's. */
export const FORM_LIMITS = {
  contact: { ...LIMITS.leadForm, name: "lead:contact" },
  partner: { ...LIMITS.leadForm, name: "lead:partner" },
  presale: { ...LIMITS.leadForm, name: "lead:presale" },
  waitlist: { ...LIMITS.leadForm, name: "lead:waitlist" },
  claim: { ...LIMITS.leadForm, name: "lead:claim" },
} as const satisfies Record<string, Limit>;

/** Lookups by e-mail (queue position, claim summary): generous, but enough to slow down enumeration. */
export const LOOKUP_LIMIT: Limit = { name: "lead:lookup", max: 120, windowMs: 60 * 60_000 };

/** Opening confirmation links: a person opens one or two; a guesser gets nowhere near a 256-bit token. */
export const CONFIRM_LIMIT: Limit = { name: "lead:confirm", max: 60, windowMs: 60 * 60_000 };

/** "Send me a new link" on an expired link's page: a person asks once or twice. */
export const CONFIRM_RESEND_LIMIT: Limit = { name: "lead:confirm-resend", max: 10, windowMs: 60 * 60_000 };

/** The public eligibility checker: cached like other public answers, and limited like the other lookups. */
export const ELIGIBILITY_LIMIT: Limit = { name: "airdrop:eligibility", max: 120, windowMs: 60 * 60_000 };
