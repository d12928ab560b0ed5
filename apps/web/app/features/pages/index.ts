/** The pages feature's public entry: what other features may use. */
export { useCountUp } from "./hooks/use-count-up";
export { COOKIE_CONSENT_EVENT, type CookieConsent, isConsentGiven } from "./legal/cookie-consent";
