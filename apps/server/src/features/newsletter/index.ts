/**
 * The newsletter feature's public entry: its signed links' keys (browser tests make confirmation
 * links with them), the name of the job that sends a campaign (the crash test watches it) and of
 * the job that makes a published article's campaign (browser tests wait for it to settle).
 */
export { ARTICLE_CAMPAIGN_JOB, SEND_JOB as NEWSLETTER_SEND_JOB } from "./campaigns.ts";
export { newsletterKeys } from "./tokens.ts";
