/** The blog feature's public entry: what other features may use. */
export { AuthorPhoto } from "./components/author-photo";
export { LinkedInMark, ShareBar } from "./components/share-bar";
