/** The newsletter feature's public entry: its signed links' keys (browser tests make confirmation links with them). */
export { newsletterKeys } from "./tokens.ts";
