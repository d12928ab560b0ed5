/*
 * Consent records: what a person agreed to, in which words, on which version of which
 * document. No zod here, so the sign-up form, the contact form and the cookie panel can show the
 * very sentences the server stores. consents.ts holds the schemas and re-exports this module.
 * (The newsletter keeps its own records: newsletter-core.ts, `newsletter_consents`.)
 */

/**
 * The version of each legal page, named after its "last updated" date
 * (apps/web/app/content/legal/*.md, first line `<!-- updated: April 30, 2025 -->`). Change the
 * date and the id together: `legal-versions.test.ts` (apps/web) fails when they disagree.
 */
export const LEGAL_VERSIONS = {
  terms: "terms-2025-04-30",
  privacy: "privacy-2026-11-28",
  cookies: "cookies-2026-11-28",
} as const;
export type LegalDocumentName = keyof typeof LEGAL_VERSIONS;

function cookieWording<V extends string>(version: V, title: string, description: string) {
  return { version, title, description, text: `${title}: ${description}` } as const;
}

/**
 * The sentences a person agrees to, each with a version that changes whenever its words change
 * (`legal-versions.test.ts` keeps a list of every published pair and fails on a reworded text
 * that kept its version). Links in the sentences are shown as links; the words are these.
 */
export const CONSENT_WORDINGS = {
  /** The sign-up form's required checkbox ("agreeToTerms"), with links to /terms and /privacy. */
  signup: { version: "signup-terms-2026-11-26", text: "I agree to the Terms & Conditions and the Privacy Policy." },
  /** Under the Google button on /signup and /signin: creating an account with Google accepts both documents. */
  google: {
    version: "google-terms-2026-11-26",
    text: "By continuing with Google you agree to our Terms and Privacy Policy.",
  },
  /** The contact form's optional checkbox (its field is "consent"). */
  contactCommunications: {
    version: "contact-communications-2026-11-26",
    text: "I agree to receive other communications",
  },
  /** The cookie page's analytics toggle (its title and description, as the panel shows them). */
  cookiesAnalytics: cookieWording(
    "cookies-analytics-2026-11-28",
    "Analytics",
    "Remembers which campaign or website brought you here on your first visit, so a form you send later tells us which campaign worked. Off until you turn it on.",
  ),
} as const;

/**
 * The cookie page's embedded-content toggle. Kept in the browser only: a consent record needs a
 * kind the consent_records table accepts, and it accepts none for it yet.
 */
export const EMBEDS_WORDING = cookieWording(
  "cookies-embeds-2026-11-28",
  "Embedded videos",
  "Plays lesson videos from YouTube and Vimeo inside the page. Loading one sends your IP address to that provider, which may set its own cookies. Off until you turn it on or choose to always allow them under a video.",
);

/**
 * What a record is about: a legal document accepted, the contact form's communications, a cookie
 * category. "cookies-marketing" is history: the category was removed (nothing ever used it), and
 * only records made before then carry it.
 */
export const CONSENT_KINDS = ["terms", "privacy", "contact-communications", "cookies-analytics", "cookies-marketing"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_ACTIONS = ["given", "withdrawn"] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** Where a record was made: a form, or the erasure that left only a withdrawal behind. */
export const CONSENT_SOURCE_FORMS = ["signup", "google", "contact", "cookie-settings", "erasure"] as const;
export type ConsentSourceForm = (typeof CONSENT_SOURCE_FORMS)[number];

/** The page the cookie choices are made on (the panel "Your cookie choices"). */
export const COOKIE_SETTINGS_PAGE = "/cookies";

export const CONSENT_MESSAGES = {
  agreeToTermsRequired: "Please agree to the Terms & Conditions and the Privacy Policy.",
  cookieChoiceSaved: "Your cookie choices have been recorded with your account.",
  /** The cookie panel's status line: in this browser, and for a signed-in person with the account too. */
  cookieChoiceSavedAt: (time: string) => `Your choices were saved at ${time}.`,
  cookieChoiceRecordedAt: (time: string) => `Your choices were saved at ${time} and recorded with your account.`,
  cookieChoiceNotRecorded: (time: string) =>
    `Your choices were saved in this browser at ${time}, but could not be recorded with your account. Please try again later.`,
} as const;
