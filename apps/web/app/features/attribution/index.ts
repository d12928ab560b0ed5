/** The attribution feature's public entry: what other features may use. */
export { attributionForForm } from "./first-touch";
