import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@vestin/shared/brand";
import { ATTRIBUTION_STORAGE_KEY } from "@vestin/shared/attribution-core";

/** What the visitor chose on the cookie page, as stored under "vestin_cookie_consent". */
export type CookieConsent = {
  functional: true;
  analytics: boolean;
  /** Lesson videos from YouTube and Vimeo may load in the page. */
  embeds: boolean;
  /** ISO timestamp of the choice. */
  updatedAt: string;
};

export type ConsentCategory = "functional" | "analytics" | "embeds";

export const COOKIE_CONSENT_EVENT = "cookie-consent-changed";
/** The policy keeps a choice for 12 months, then asks again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Items the site itself places for a category, removed again when consent is withdrawn. Embedded
 * players place nothing on this site; their own cookies belong to the provider's site.
 */
const ITEMS_BY_CATEGORY: Record<Exclude<ConsentCategory, "functional">, { localStorage: string[] }> = {
  // The campaign attribution's first touch (features/attribution).
  analytics: { localStorage: [ATTRIBUTION_STORAGE_KEY] },
  embeds: { localStorage: [] },
};

/** Nothing but functional storage until the visitor says otherwise. */
export function defaultConsent(): CookieConsent {
  return { functional: true, analytics: false, embeds: false, updatedAt: "" };
}

/**
 * Reads a stored value. Anything unparsable, of the wrong shape or older than 12 months is
 * ignored (null), as the policy says. A choice stored before embedded videos were a category has
 * no "embeds": they stay off until the visitor allows them.
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
  if (typeof record.analytics !== "boolean" || typeof record.updatedAt !== "string") return null;
  if (record.embeds !== undefined && typeof record.embeds !== "boolean") return null;
  const at = Date.parse(record.updatedAt);
  if (Number.isNaN(at) || now - at > CONSENT_MAX_AGE_MS) return null;
  return { functional: true, analytics: record.analytics, embeds: record.embeds === true, updatedAt: record.updatedAt };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored choice as the visitor made it (defaults when there is none): call it before placing anything optional. */
export function readStoredCookieConsent(): CookieConsent {
  return parseCookieConsent(storage()?.getItem(STORAGE_KEYS.cookieConsent) ?? null) ?? defaultConsent();
}

export function isConsentGiven(category: ConsentCategory): boolean {
  return readStoredCookieConsent()[category];
}

/** Stores a choice, removes what withdrawn categories placed, and tells listeners. */
export function writeCookieConsent(choice: { analytics: boolean; embeds: boolean }, now = new Date()): CookieConsent {
  const consent: CookieConsent = { functional: true, analytics: choice.analytics, embeds: choice.embeds, updatedAt: now.toISOString() };
  const store = storage();
  try {
    store?.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(consent));
  } catch {
    // Storage full or blocked: the choice applies to this page view only.
  }
  for (const category of ["analytics", "embeds"] as const) {
    if (consent[category]) continue;
    for (const key of ITEMS_BY_CATEGORY[category].localStorage) store?.removeItem(key);
  }
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(COOKIE_CONSENT_EVENT, { detail: consent }));
  return consent;
}

/** Follows the stored choice of one category: false on the server and until hydration, then live. */
export function useConsent(category: Exclude<ConsentCategory, "functional">): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isConsentGiven(category),
    () => false,
  );
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.cookieConsent) onChange();
  };
  window.addEventListener(COOKIE_CONSENT_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(COOKIE_CONSENT_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
