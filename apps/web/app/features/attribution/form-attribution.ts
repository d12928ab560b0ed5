import type { Attribution } from "@vestin/shared/attribution-core";
import { isConsentGiven } from "~/features/consents";
import { browserStorage, formAttribution } from "./first-touch";

/**
 * The `attribution` a form or the sign-up sends from this page, right now: first-touch.ts's rule
 * applied to this browser's storage, its analytics consent and its address.
 */
export function attributionForForm(): Attribution | undefined {
  if (typeof window === "undefined") return undefined;
  return formAttribution({ store: browserStorage(), analyticsConsent: isConsentGiven("analytics"), pageUrl: window.location.href, now: Date.now() });
}
