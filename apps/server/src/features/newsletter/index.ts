/**
 * The newsletter feature's public entry: its signed links' keys (browser tests make confirmation
 * links with them) and the name of the job that sends a campaign (the crash test watches it).
 */
export { SEND_JOB as NEWSLETTER_SEND_JOB } from "./campaigns.ts";
export { newsletterKeys } from "./tokens.ts";
