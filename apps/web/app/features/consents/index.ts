/** The consents feature's public entry: what other features may use. */
export { recordCookieChoice } from "./api/record-cookie-choice";
export { LegalSentence } from "./components/legal-sentence";
