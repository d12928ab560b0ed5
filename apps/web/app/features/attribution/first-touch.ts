import {
  ATTRIBUTION_PARAMS,
  ATTRIBUTION_STORAGE_KEY,
  ATTRIBUTION_TTL_MS,
  cleanAttribution,
  cleanAttributionValue,
  type Attribution,
} from "@vestin/shared/attribution-core";

/*
 * Campaign attribution in the browser. The rule:
 * - The first visit that carries utm_source, utm_medium, utm_campaign, utm_content, ref or an
 *   external referrer is kept in localStorage ("vestin_attribution", with its time) for 30 days,
 *   and only while the cookie banner's analytics consent is given. First touch wins: a later
 *   campaign visit within the 30 days changes nothing; after them the next one is kept.
 * - Consent given later in the same visit keeps the landing page's values, held in memory
 *   until then (capture.ts); nothing is written anywhere before consent.
 * - Every form and the sign-up send the kept values as `attribution` (form-attribution.ts).
 *   Without consent (or with nothing kept) a `ref` in the address of the form's own page is still
 *   sent, so a referral link that lands straight on a form counts without anything being stored.
 * - Withdrawing analytics consent deletes the key (consents/cookie-consent.ts, ITEMS_BY_CATEGORY).
 */

type StoredTouch = { at: string; attribution: Attribution };
type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What a landing address and its referrer say about where the visit came from; undefined when nothing. */
export function landingAttribution(url: string, referrer: string): Attribution | undefined {
  let landing: URL;
  try {
    landing = new URL(url);
  } catch {
    return undefined;
  }
  const found: Record<string, string | undefined> = {};
  for (const [field, param] of Object.entries(ATTRIBUTION_PARAMS)) found[field] = landing.searchParams.get(param) ?? undefined;
  try {
    const from = referrer ? new URL(referrer) : undefined;
    // A page of our own (a reload, a full navigation within the site) is no referrer.
    if (from && (from.protocol === "http:" || from.protocol === "https:") && from.host !== landing.host) found.referrerHost = from.host;
  } catch {
    // Not an address: no referrer.
  }
  return cleanAttribution(found);
}

/** The kept first touch, or undefined when there is none, it is unreadable, or it is older than 30 days (then it is removed). */
export function readFirstTouch(store: KeyValueStore, now: number): Attribution | undefined {
  const raw = store.getItem(ATTRIBUTION_STORAGE_KEY);
  if (!raw) return undefined;
  let parsed: Partial<StoredTouch> | null = null;
  try {
    parsed = JSON.parse(raw) as Partial<StoredTouch> | null;
  } catch {
    // Unreadable: dropped below.
  }
  const at = typeof parsed?.at === "string" ? Date.parse(parsed.at) : Number.NaN;
  const attribution = cleanAttribution(parsed?.attribution);
  if (!attribution || Number.isNaN(at) || now - at > ATTRIBUTION_TTL_MS || at > now + 60_000) {
    store.removeItem(ATTRIBUTION_STORAGE_KEY);
    return undefined;
  }
  return attribution;
}

/** Keeps a visit's attribution unless a first touch younger than 30 days is kept already (first touch wins). */
export function keepFirstTouch(store: KeyValueStore, attribution: Attribution | undefined, now: number): boolean {
  if (!attribution || readFirstTouch(store, now)) return false;
  const touch: StoredTouch = { at: new Date(now).toISOString(), attribution };
  try {
    store.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(touch));
    return true;
  } catch {
    // Storage full or blocked: this visit simply goes unattributed.
    return false;
  }
}

/** What a form sends: the kept first touch while analytics consent holds; otherwise only a `ref` in the page's own address. */
export function formAttribution(input: { store: KeyValueStore | null; analyticsConsent: boolean; pageUrl: string; now: number }): Attribution | undefined {
  const kept = input.analyticsConsent && input.store ? readFirstTouch(input.store, input.now) : undefined;
  if (kept) return kept;
  let ref: string | undefined;
  try {
    ref = cleanAttributionValue(new URL(input.pageUrl).searchParams.get(ATTRIBUTION_PARAMS.ref));
  } catch {
    ref = undefined;
  }
  return ref ? { ref } : undefined;
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
