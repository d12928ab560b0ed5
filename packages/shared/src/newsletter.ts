/* The newsletter: the API's schemas; constants and texts in newsletter-core.ts. */
import { emailSchema } from "./accounts.ts";
import { paginationQuery } from "./api.ts";
import { formGuardFields } from "./form-guard.ts";
import {
  ARTICLE_CONTENT,
  CAMPAIGN_KINDS,
  CAMPAIGN_STATUSES,
  CONSENT_SOURCES,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  SUBSCRIBE_FORMS,
  SUBSCRIPTION_STATUSES,
} from "./newsletter-core.ts";
import { z } from "./zod.ts";

export * from "./newsletter-core.ts";

// ---------------------------------------------------------------------------------------------
// Public

export const subscribeSchema = z.object({
  email: emailSchema,
  form: z.enum(SUBSCRIBE_FORMS, { error: "form must be footer, articles or article" }).describe("Which subscribe form was used"),
  page: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[^\s]*$/, "page must be a path on this site")
    .default("/")
    .describe("The path of the page the form was on (kept in the consent record)"),
  ...formGuardFields,
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

export const subscribeAnswerSchema = z.object({ message: z.string() });

export const tokenBodySchema = z.object({
  token: z.string({ error: NEWSLETTER_MESSAGES.confirmInvalid }).min(1, NEWSLETTER_MESSAGES.confirmInvalid).max(512, NEWSLETTER_MESSAGES.confirmInvalid),
});

export const confirmAnswerSchema = z.object({
  status: z.enum(["confirmed", "already-confirmed"]),
  message: z.string(),
});
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;

/** The unsubscribe page's view of a token: whose subscription (masked) and where it stands. */
export const unsubscribeInfoSchema = z.object({
  email: z.string().describe("The address, masked (j•••@example.com)"),
  status: z.enum(SUBSCRIPTION_STATUSES),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const unsubscribeAnswerSchema = z.object({
  status: z.enum(["unsubscribed", "already-unsubscribed"]),
  message: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: subscribers

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  source: z.enum(CONSENT_SOURCES).describe("Where the subscription was asked for"),
  sourcePage: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberCountsSchema = z.object({
  confirmed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
});
export type SubscriberCounts = z.infer<typeof subscriberCountsSchema>;

export const subscribersQuerySchema = paginationQuery(25).extend({
  status: z.enum(SUBSCRIPTION_STATUSES, { error: "status must be pending, confirmed or unsubscribed" }).optional(),
  search: z.string().trim().max(254).optional(),
});

/** One day of the chart: confirmed subscribers at the end of the day, and the day's changes. */
export const subscriberDaySchema = z.object({
  date: z.string().describe("YYYY-MM-DD (UTC)"),
  confirmed: z.number().int().describe("Confirmed subscribers at the end of the day"),
  joined: z.number().int().describe("Subscriptions confirmed that day"),
  left: z.number().int().describe("Unsubscribes that day"),
});
export type SubscriberDay = z.infer<typeof subscriberDaySchema>;

export const subscriberStatsSchema = z.object({
  counts: subscriberCountsSchema,
  days: z.array(subscriberDaySchema).describe("The last 90 days, oldest first"),
});
export type SubscriberStats = z.infer<typeof subscriberStatsSchema>;

export const importSchema = z.object({
  csv: z
    .string({ error: NEWSLETTER_MESSAGES.importEmpty })
    .min(1, NEWSLETTER_MESSAGES.importEmpty)
    .max(1_000_000, NEWSLETTER_MESSAGES.importTooLarge)
    .describe("CSV text: one address per line, in a column named email (a header line) or the first column"),
  consentSource: z
    .string({ error: NEWSLETTER_MESSAGES.importConsentRequired })
    .trim()
    .min(10, NEWSLETTER_MESSAGES.importConsentRequired)
    .max(300, "The consent source may be at most 300 characters.")
    .describe("Where and how these people agreed to receive the newsletter (kept in each consent record)"),
});
export type ImportInput = z.infer<typeof importSchema>;

export const importAnswerSchema = z.object({
  imported: z.number().int().describe("New pending subscriptions; each was sent the double opt-in e-mail"),
  skipped: z.number().int().describe("Addresses already confirmed or pending, or repeated in the file"),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: campaigns

export const campaignProgressSchema = z.object({
  total: z.number().int().describe("Recipients taken when sending started (0 before)"),
  sent: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignSchema = z.object({
  _id: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  subject: z.string(),
  /** Markdown campaigns: the message. */
  body: z.string(),
  /** Article campaigns: the article and how much of it is sent. */
  articleId: z.string().nullable(),
  articleTitle: z.string().nullable(),
  articleContent: z.enum(ARTICLE_CONTENT),
  status: z.enum(CAMPAIGN_STATUSES),
  /** True for the campaign made when an article with "send on publish" was published. */
  automatic: z.boolean(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  progress: campaignProgressSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

const subject = z
  .string({ error: NEWSLETTER_MESSAGES.subjectRequired })
  .trim()
  .min(1, NEWSLETTER_MESSAGES.subjectRequired)
  .max(NEWSLETTER_LIMITS.subjectMax, `The subject may be at most ${NEWSLETTER_LIMITS.subjectMax} characters.`);
const body = z.string().max(NEWSLETTER_LIMITS.bodyMax, `The message may be at most ${NEWSLETTER_LIMITS.bodyMax} characters.`);

/** An article campaign's subject defaults to the article's title; a Markdown one needs subject and body. */
export const createCampaignSchema = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS, { error: "kind must be article or markdown" }),
    subject: subject.optional(),
    body: body.default(""),
    articleId: z.string().max(64).optional(),
    articleContent: z.enum(ARTICLE_CONTENT, { error: "articleContent must be excerpt or full" }).default("excerpt"),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "article" && !value.articleId) ctx.addIssue({ code: "custom", path: ["articleId"], message: NEWSLETTER_MESSAGES.articleRequired });
    if (value.kind === "markdown" && !value.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: NEWSLETTER_MESSAGES.subjectRequired });
    if (value.kind === "markdown" && !value.body.trim()) ctx.addIssue({ code: "custom", path: ["body"], message: NEWSLETTER_MESSAGES.bodyRequired });
  });
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

/** Any of the draft's fields (its kind stays). */
export const updateCampaignSchema = z.object({
  subject: subject.optional(),
  body: body.optional(),
  articleId: z.string().max(64).optional(),
  articleContent: z.enum(ARTICLE_CONTENT, { error: "articleContent must be excerpt or full" }).optional(),
});
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

export const campaignsQuerySchema = paginationQuery(20);

export const campaignPreviewSchema = z.object({
  subject: z.string(),
  html: z.string().describe("The HTML part as a subscriber gets it (with a sample unsubscribe link)"),
  text: z.string().describe("The plain-text part"),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

/** Send now (no scheduledAt) or at a later time. */
export const sendCampaignSchema = z
  .object({
    scheduledAt: z.iso.datetime({ error: "scheduledAt must be an ISO date-time", offset: true }).optional(),
  })
  .default({});
export type SendCampaignInput = z.infer<typeof sendCampaignSchema>;

export const testSendAnswerSchema = z.object({ to: z.string().describe("The admin's own address the test went to") });
