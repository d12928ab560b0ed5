import { PRODUCT_NAME } from "./brand.ts";

/*
 * The newsletter, free of the schema library so the browser's subscribe form can use
 * it without loading zod; newsletter.ts re-exports it next to the schemas.
 *
 * A subscription starts pending and becomes confirmed only when the link e-mailed to the address
 * is opened (double opt-in). Every consent and every withdrawal is recorded with its time, its
 * source (form and page), the wording shown and the IP hashed. Campaigns go to confirmed
 * subscribers through the job queue, throttled, once per address.
 */

export const SUBSCRIPTION_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

/** Where a subscription was asked for: the public forms, sign-up, account settings, an admin import. */
export const SUBSCRIBE_FORMS = ["footer", "articles", "article"] as const;
export type SubscribeForm = (typeof SUBSCRIBE_FORMS)[number];
export const CONSENT_SOURCES = [...SUBSCRIBE_FORMS, "signup", "account", "import"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The sentence shown next to every subscribe form, stored with each consent (its own file: the
 * footer's form shows it on every page, without the rest of this module).
 */
export { NEWSLETTER_CONSENT } from "./newsletter-consent.ts";

export const NEWSLETTER_LIMITS = {
  /** At most one confirmation e-mail per address in this window. */
  confirmMailIntervalMs: 60 * 60 * 1000,
  /** A confirmation link works this long. */
  confirmLinkDays: 7,
  /** An unsubscribe link keeps working this long after its message was sent. */
  unsubscribeLinkDays: 365,
  /** Subscribe requests per hour per client address. */
  subscribesPerHour: 20,
  /** Lines in one CSV import. */
  importMaxRows: 5000,
  subjectMax: 150,
  bodyMax: 50_000,
} as const;

export const CAMPAIGN_KINDS = ["article", "markdown"] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
/** An article campaign sends the excerpt with a link back, or the whole text. */
export const ARTICLE_CONTENT = ["excerpt", "full"] as const;
export type ArticleContent = (typeof ARTICLE_CONTENT)[number];
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

export const NEWSLETTER_MESSAGES = {
  /** The same answer whether the address was new, pending, confirmed or held back by the hourly limit. */
  subscribed: "Almost there: we have sent you an e-mail. Open its link to confirm your subscription.",
  confirmed: "You're subscribed. New articles and company news will reach your inbox.",
  alreadyConfirmed: "This subscription is already confirmed, so there is nothing more to do.",
  confirmInvalid: "This confirmation link is not valid. Please check that you opened the whole link from the e-mail.",
  confirmExpired: "This confirmation link has expired. Please subscribe again to get a new one.",
  unsubscribed: "You're unsubscribed. You won't get the newsletter any more.",
  alreadyUnsubscribed: "This address is already unsubscribed.",
  unsubscribeInvalid: "This unsubscribe link is not valid. Please open the whole link from the newsletter, or write to us through the contact page.",
  unsubscribeExpired: "This unsubscribe link has expired. Please use the link in a more recent newsletter, or write to us through the contact page.",
  confirmSubject: `Confirm your subscription to the ${PRODUCT_NAME} newsletter`,
  importConsentRequired: "Say where these people gave their consent (at least 10 characters).",
  importEmpty: "The file holds no addresses.",
  importTooLarge: `An import may hold at most ${NEWSLETTER_LIMITS.importMaxRows} lines.`,
  campaignNotFound: "Campaign not found",
  campaignNotEditable: "Only a draft can be changed. Cancel the schedule first.",
  campaignNotCancellable: "Only a scheduled campaign can be cancelled.",
  campaignAlreadySent: "This campaign has already been sent or is being sent.",
  articleRequired: "Choose the article to send.",
  articleNotPublished: "Only a published article can be sent.",
  subjectRequired: "Please enter a subject.",
  bodyRequired: "Please write the message.",
  scheduleInPast: "Choose a time in the future.",
  noSubscribers: "There are no confirmed subscribers to send to yet.",
} as const;

/** The web pages the e-mails link to. */
export const NEWSLETTER_PATHS = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
} as const;
