/**
 * Preview links: a secret address that shows a draft article, course or lesson as it will look
 * when published, to someone without an account. Constants and messages without the schema
 * library, so the public preview page and the console can use them; previews.ts re-exports them.
 */

/** What a preview link may show. */
export const PREVIEW_SUBJECT_KINDS = ["article", "course", "lesson"] as const;
export type PreviewSubjectKind = (typeof PREVIEW_SUBJECT_KINDS)[number];

/** How long a new link works, as the administrator picks it. */
export const PREVIEW_LIFETIMES = ["1h", "1d", "7d", "30d"] as const;
export type PreviewLifetime = (typeof PREVIEW_LIFETIMES)[number];
export const DEFAULT_PREVIEW_LIFETIME: PreviewLifetime = "7d";

const HOUR_MS = 60 * 60 * 1000;
export const PREVIEW_LIFETIME_MS: Record<PreviewLifetime, number> = {
  "1h": HOUR_MS,
  "1d": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
};
export const PREVIEW_LIFETIME_LABELS: Record<PreviewLifetime, string> = {
  "1h": "1 hour",
  "1d": "1 day",
  "7d": "7 days",
  "30d": "30 days",
};

/** The page path of a preview link: the token is the only secret, and the whole address is shown once. */
export const PREVIEW_PATH_PREFIX = "/preview/";

/** A link's state as the console lists it. */
export type PreviewLinkState = "active" | "expired" | "revoked";

export const PREVIEW_MESSAGES = {
  /** The one answer for an unknown, expired or revoked token: nobody learns which. */
  notValid: "This preview link is not valid or has expired.",
  subjectNotFound: "There is nothing to preview with that id.",
  linkNotFound: "Preview link not found",
  banner: "Preview — not published yet",
} as const;
