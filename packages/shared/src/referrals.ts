import { z } from "./zod.ts";

/**
 * Referrals on the presale whitelist and the testnet waitlist (issue #20): a person's own link,
 * and where they stand. The rule is the server's (apps/server/src/features/leads/referrals.ts):
 * each confirmed referral moves its referrer 10 places up, never above anyone who joined before
 * them with at least as many referrals.
 */
export const REFERRAL_LISTS = ["presale", "testnet"] as const;
export type ReferralList = (typeof REFERRAL_LISTS)[number];
export const REFERRAL_PLACES = 10;

export const referralLinkSchema = z
  .object({
    code: z.string().describe("The person's own referral code"),
    link: z.string().describe("Their referral link: the list's page with ?ref=<code>"),
  })
  .describe("The person's own referral link");
export type ReferralLink = z.infer<typeof referralLinkSchema>;

export const referralStatusSchema = referralLinkSchema.extend({
  list: z.enum(REFERRAL_LISTS),
  position: z.number().int().describe("Place in the queue (1 = first), referral boosts applied"),
  total: z.number().int().describe("Entries in the whole list"),
  confirmedReferrals: z.number().int().describe("People who joined through the link and confirmed their e-mail (each counts)"),
  boostedReferrals: z.number().int().describe("Of the confirmed referrals, those that moved the holder up (the daily cap holds the rest back)"),
  dailyBoosts: z.number().int().describe("Referrals that move one person up in any 24 hours"),
  pendingReferrals: z.number().int().describe("People who joined through the link whose e-mail is not confirmed (not counted yet)"),
});
export type ReferralStatus = z.infer<typeof referralStatusSchema>;

export const referralParamsSchema = z.object({
  list: z.enum(REFERRAL_LISTS, { error: "The list must be presale or testnet" }),
  code: z.string().max(64, "This referral link is not valid"),
});

export const REFERRAL_MESSAGES = {
  notFound: "This referral link is not valid",
} as const;

/** The sentence people read about the rule (success pages, e-mails). */
export const REFERRAL_RULE = `Each friend who joins through your link and confirms their e-mail moves you ${REFERRAL_PLACES} places up the queue.`;

/** Referrals that move one referrer up in any 24 hours unless REFERRAL_DAILY_BOOSTS says otherwise; later ones count without moving. */
export const DEFAULT_REFERRAL_DAILY_BOOSTS = 5;

/** The cap in words, for the person's referral card and e-mails. */
export function referralCapNote(dailyBoosts: number): string {
  if (dailyBoosts === 0) return "Referrals are counted, but they do not move anyone up the queue at the moment.";
  return `Up to ${dailyBoosts} ${dailyBoosts === 1 ? "referral" : "referrals"} in any 24 hours move you up; more still count as referrals, without moving you.`;
}

// ---------------------------------------------------------------------------------------------
// The console's view of referral clusters: many referrals of one referrer from one e-mail domain
// or one network, so the team can spot farmed referrals.

/**
 * Big public mail providers: many friends at gmail.com is normal, so these domains never form a
 * cluster (the network view still groups their sign-ups). Lower-case.
 */
export const PUBLIC_MAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "zoho.com",
  "fastmail.com",
  "tutanota.com",
] as const;

export const CLUSTER_LIMITS = { daysDefault: 30, daysMax: 365, minDefault: 3, minLowest: 2, minHighest: 100 } as const;

export const referralClustersQuerySchema = z.object({
  list: z.enum(REFERRAL_LISTS, { error: "The list must be presale or testnet" }).default("presale"),
  days: z.coerce
    .number({ error: "Days must be a whole number" })
    .int("Days must be a whole number")
    .min(1, "Days must be at least 1")
    .max(CLUSTER_LIMITS.daysMax, `Days must be at most ${CLUSTER_LIMITS.daysMax}`)
    .default(CLUSTER_LIMITS.daysDefault)
    .describe("Referrals that joined in the last N days"),
  min: z.coerce
    .number({ error: "The smallest cluster must be a whole number" })
    .int("The smallest cluster must be a whole number")
    .min(CLUSTER_LIMITS.minLowest, `The smallest cluster must be at least ${CLUSTER_LIMITS.minLowest}`)
    .max(CLUSTER_LIMITS.minHighest, `The smallest cluster must be at most ${CLUSTER_LIMITS.minHighest}`)
    .default(CLUSTER_LIMITS.minDefault)
    .describe("Fewest referrals from one domain or network that make a cluster"),
});
export type ReferralClustersQuery = z.infer<typeof referralClustersQuerySchema>;

export const referralClusterSchema = z.object({
  kind: z.enum(["domain", "network"]).describe("domain: the e-mail domain; network: the IPv4 /24 or IPv6 /48 the sign-up came from"),
  value: z.string().describe("The domain (example.com) or network prefix (203.0.113.0/24, 2001:db8:1::/48)"),
  referrer: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    referralCode: z.string().nullable(),
    boostedReferrals: z.number().int().describe("Referrals that moved this referrer up (all time)"),
  }),
  referrals: z.number().int().describe("Referrals of this referrer from this domain or network in the period"),
  confirmed: z.number().int().describe("Of these, confirmed (counted)"),
  boosted: z.number().int().describe("Of these, the ones that moved the referrer up"),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type ReferralCluster = z.infer<typeof referralClusterSchema>;

export const referralClustersSchema = z.object({
  list: z.enum(REFERRAL_LISTS),
  days: z.number().int(),
  min: z.number().int(),
  dailyBoosts: z.number().int().describe("Referrals that move one referrer up in any 24 hours (REFERRAL_DAILY_BOOSTS)"),
  ignoredDomains: z.array(z.string()).describe("Public mail providers, never a domain cluster"),
  clusters: z.array(referralClusterSchema),
});
export type ReferralClusters = z.infer<typeof referralClustersSchema>;
