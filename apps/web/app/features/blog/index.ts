/** The blog feature's public entry: what other features may use. */
export { LinkedInMark, ShareBar } from "./components/share-bar";
