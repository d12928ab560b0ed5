import { COOKIE_CONSENT_EVENT, isConsentGiven, type CookieConsent } from "~/features/consents";
import { browserStorage, keepFirstTouch, landingAttribution } from "./first-touch";
import type { Attribution } from "@vestin/shared/attribution-core";

/**
 * The landing page's attribution, held in memory only: before analytics consent nothing may be
 * written (not even sessionStorage), so consent given later in this visit keeps it from here.
 */
let pending: Attribution | undefined;
let listening = false;

function keepPending(): void {
  const store = browserStorage();
  if (pending && store) keepFirstTouch(store, pending, Date.now());
  pending = undefined;
}

/**
 * Runs once per page load, right after hydration (the site shell loads this module then, so it is
 * not part of any page's initial JavaScript), while the address is still the landing page's.
 */
export function captureAttribution(): void {
  pending = landingAttribution(window.location.href, document.referrer);
  if (!pending) return;
  if (isConsentGiven("analytics")) {
    keepPending();
    return;
  }
  if (listening) return;
  listening = true;
  window.addEventListener(COOKIE_CONSENT_EVENT, (event) => {
    if ((event as CustomEvent<CookieConsent>).detail?.analytics) keepPending();
  });
}
