import { REFERRAL_LISTS } from "./referrals.ts";
import { z } from "./zod.ts";

/*
 * The console's view of referral clusters: many referrals of one referrer from one e-mail domain
 * or one network, so the team can spot farmed referrals. Apart from referrals.ts so the public
 * pages that show a person's referral link never build these schemas.
 */

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
