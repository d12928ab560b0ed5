/** The consents feature's public entry: what other features may use. */
export { recordCookieChoice } from "./api/record-cookie-choice";
export { LegalSentence } from "./components/legal-sentence";
export {
  COOKIE_CONSENT_EVENT,
  type ConsentCategory,
  type CookieConsent,
  isConsentGiven,
  readStoredCookieConsent,
  useConsent,
  writeCookieConsent,
} from "./cookie-consent";
