import { z } from "./zod.ts";

/**
 * Referrals on the presale whitelist and the testnet waitlist: a person's own link,
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
