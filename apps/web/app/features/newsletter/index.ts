/** The newsletter feature's public entry: what other features may use. */
export { LazyFooterNewsletter } from "./components/lazy-footer-newsletter";
