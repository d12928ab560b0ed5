/*
 * Campaign attribution: where a visitor first came from (UTM parameters, a referral
 * code, the external site that linked to us). The browser keeps it for 30 days after analytics
 * consent and sends it with every form and sign-up; the server stores it with the lead or the
 * account. No zod here, so the browser's capture code stays small (it runs on every page).
 */

export const ATTRIBUTION_FIELDS = ["source", "medium", "campaign", "content", "ref", "referrerHost"] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Partial<Record<AttributionField, string>>;

/** The query parameter each field is read from on the landing page (the referrer host comes from document.referrer). */
export const ATTRIBUTION_PARAMS = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  content: "utm_content",
  ref: "ref",
} as const satisfies Partial<Record<AttributionField, string>>;

/** Longest value kept; longer ones are cut, not refused. A host name is at most 253 characters (RFC 1035). */
export const ATTRIBUTION_VALUE_MAX = 100;
export const REFERRER_HOST_MAX = 253;

/** localStorage key of the first touch (an analytics item of the cookie policy). */
export const ATTRIBUTION_STORAGE_KEY = "vestin_attribution";
/** A first touch counts for 30 days; after that the next campaign visit replaces it. */
export const ATTRIBUTION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

// C0 and C1 controls, DEL, zero-width and bidirectional formatting characters: invisible, and the
// last ones can make a value read differently in the inbox or a spreadsheet than it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const HOST_PATTERN = /^[a-z0-9.-]+(?::\d{1,5})?$/;

/** One value as stored: a string, control characters removed, trimmed, cut to `max` characters; undefined when nothing is left. */
export function cleanAttributionValue(value: unknown, max: number = ATTRIBUTION_VALUE_MAX): string | undefined {
  if (typeof value !== "string") return undefined;
  // Cut by code points so a cut never splits an emoji's surrogate pair.
  const cleaned = Array.from(value.replace(CONTROL_CHARACTERS, "").trim()).slice(0, max).join("").trim();
  return cleaned || undefined;
}

/** A referrer host: lower-cased, and only a host name (with an optional port); anything else is dropped. */
export function cleanReferrerHost(value: unknown): string | undefined {
  const host = cleanAttributionValue(value, REFERRER_HOST_MAX)?.toLowerCase();
  return host && HOST_PATTERN.test(host) ? host : undefined;
}

/**
 * Whatever a client sent as attribution, made safe to store: only the known fields, each cleaned;
 * undefined for a non-object or when no field is left. It never throws, so attribution can never
 * make a form fail.
 */
export function cleanAttribution(value: unknown): Attribution | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const out: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const cleaned = field === "referrerHost" ? cleanReferrerHost(input[field]) : cleanAttributionValue(input[field]);
    if (cleaned !== undefined) out[field] = cleaned;
  }
  return Object.keys(out).length ? out : undefined;
}

// ---------------------------------------------------------------------------------------------
// The admin Sources page (GET /admin/sources).

export const SOURCE_INTERVALS = ["day", "week"] as const;
export type SourceInterval = (typeof SOURCE_INTERVALS)[number];

/** The page's presets, in days ending today; a custom range may span at most SOURCES_MAX_DAYS. */
export const SOURCE_RANGE_PRESETS = [7, 30, 90] as const;
export const SOURCES_DEFAULT_DAYS = 30;
export const SOURCES_MAX_DAYS = 366;

export const SOURCES_MESSAGES = {
  rangeReversed: "The start date must be on or before the end date",
  rangeTooLong: `Please choose a range of at most ${SOURCES_MAX_DAYS} days`,
  dateInvalid: "Use a date like 2025-05-31",
} as const;
