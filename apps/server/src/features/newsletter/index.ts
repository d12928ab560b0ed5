/**
 * The newsletter feature's public entry: its signed links' keys (browser tests make confirmation
 * links with them), the name of the job that sends a campaign (the crash test watches it), of
 * the job that makes a published article's campaign and of the one that sends a subscription's
 * confirmation e-mail (browser tests wait for them to settle).
 */
export { ARTICLE_CAMPAIGN_JOB, SEND_JOB as NEWSLETTER_SEND_JOB } from "./campaigns.ts";
export { newsletterKeys } from "./tokens.ts";
export { NEWSLETTER_CONFIRMATION_JOB } from "./subscriptions.ts";
