import { STORAGE_KEYS } from "@vestin/shared/brand";
import { ATTRIBUTION_STORAGE_KEY } from "@vestin/shared/attribution-core";

/** What the visitor chose on the cookie page, as stored under "vestin_cookie_consent". */
export type CookieConsent = {
  functional: true;
  analytics: boolean;
  marketing: boolean;
  /** ISO timestamp of the choice. */
  updatedAt: string;
};

export type ConsentCategory = "functional" | "analytics" | "marketing";

export const COOKIE_CONSENT_EVENT = "cookie-consent-changed";
/** The policy keeps a choice for 12 months, then asks again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Items the site itself places for a category, removed again when consent is withdrawn. */
const ITEMS_BY_CATEGORY: Record<Exclude<ConsentCategory, "functional">, { localStorage: string[]; cookies: string[] }> = {
  // The campaign attribution's first touch (features/attribution) is an analytics item too.
  analytics: { localStorage: ["vestin_analytics_id", "vestin_analytics_visit", ATTRIBUTION_STORAGE_KEY], cookies: [] },
  marketing: { localStorage: [], cookies: ["_vst_click"] },
};

/** Nothing but functional storage until the visitor says otherwise. */
export function defaultConsent(): CookieConsent {
  return { functional: true, analytics: false, marketing: false, updatedAt: "" };
}

/**
 * Reads a stored value. Anything unparsable, of the wrong shape or older than 12 months is
 * ignored (null), as the policy says.
 */
export function parseCookieConsent(raw: string | null, now = Date.now()): CookieConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.analytics !== "boolean" || typeof record.marketing !== "boolean" || typeof record.updatedAt !== "string") return null;
  const at = Date.parse(record.updatedAt);
  if (Number.isNaN(at) || now - at > CONSENT_MAX_AGE_MS) return null;
  return { functional: true, analytics: record.analytics, marketing: record.marketing, updatedAt: record.updatedAt };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored choice as the visitor made it (defaults when there is none), for the toggles. */
export function readStoredCookieConsent(): CookieConsent {
  return parseCookieConsent(storage()?.getItem(STORAGE_KEYS.cookieConsent) ?? null) ?? defaultConsent();
}

/** True when the browser sends a Global Privacy Control signal (marketing then stays off). */
export function globalPrivacyControl(): boolean {
  return typeof navigator !== "undefined" && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/**
 * What a script may do right now: call this before loading any analytics or marketing code.
 * Marketing is off under Global Privacy Control whatever was stored.
 */
export function readCookieConsent(): CookieConsent {
  const consent = readStoredCookieConsent();
  return globalPrivacyControl() ? { ...consent, marketing: false } : consent;
}

export function isConsentGiven(category: ConsentCategory): boolean {
  return readCookieConsent()[category];
}

/** Stores a choice, removes what withdrawn categories placed, and tells listeners. */
export function writeCookieConsent(choice: { analytics: boolean; marketing: boolean }, now = new Date()): CookieConsent {
  const consent: CookieConsent = { functional: true, analytics: choice.analytics, marketing: choice.marketing, updatedAt: now.toISOString() };
  const store = storage();
  try {
    store?.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(consent));
  } catch {
    // Storage full or blocked: the choice applies to this page view only.
  }
  for (const category of ["analytics", "marketing"] as const) {
    if (consent[category]) continue;
    for (const key of ITEMS_BY_CATEGORY[category].localStorage) store?.removeItem(key);
    if (typeof document !== "undefined") {
      for (const name of ITEMS_BY_CATEGORY[category].cookies) {
        // biome-ignore lint/suspicious/noDocumentCookie: the cookie must be gone before the listeners below hear of the withdrawal; the Cookie Store API is asynchronous (and absent from some browsers the site supports). The string is built from fixed names only.
        document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
      }
    }
  }
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(COOKIE_CONSENT_EVENT, { detail: consent }));
  return consent;
}
