/** The attribution feature's public entry: what other features may use. */
export { attributionForForm } from "./form-attribution";
export { loadAttributionCapture } from "./load-capture";
