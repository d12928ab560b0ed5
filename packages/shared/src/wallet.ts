import { z } from "./zod.ts";
import { hasValidChecksum, LEAD_MESSAGES, NAME_MAX } from "./leads.ts";
import { eligibilityXpFieldsSchema } from "./learn-earn.ts";
import { CLAIM_STATUSES, WALLET_MESSAGES, WALLET_PURPOSES } from "./wallet-core.ts";

export * from "./wallet-core.ts";
export * from "./wallet-proof.ts";

/** Any 0x address with a valid EIP-55 checksum when mixed-case; answered lower-cased. */
export const addressSchema = z
  .string({ error: LEAD_MESSAGES.walletInvalid })
  .trim()
  .refine((v) => /^0x[0-9a-fA-F]{40}$/.test(v) && hasValidChecksum(v), LEAD_MESSAGES.walletInvalid)
  .transform((v) => v.toLowerCase() as `0x${string}`);

/** POST /wallet/challenge: the message to sign for one address and one purpose. */
export const walletChallengeSchema = z
  .object({
    address: addressSchema,
    purpose: z.enum(WALLET_PURPOSES, { error: `purpose must be one of: ${WALLET_PURPOSES.join(", ")}` }),
    zealyUsername: z.string({ error: WALLET_MESSAGES.usernameRequired }).trim().max(NAME_MAX, LEAD_MESSAGES.tooLong(NAME_MAX)).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.purpose === "airdrop-claim" && !v.zealyUsername) ctx.addIssue({ code: "custom", path: ["zealyUsername"], message: WALLET_MESSAGES.usernameRequired });
  });
export type WalletChallengeInput = z.input<typeof walletChallengeSchema>;

export const walletChallengeAnswerSchema = z.object({
  /** The EIP-4361 message, to be signed as it is (personal_sign). */
  message: z.string(),
  nonce: z.string(),
  chainId: z.number().int(),
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export type WalletChallenge = z.infer<typeof walletChallengeAnswerSchema>;

export const claimStatusSchema = z.enum(CLAIM_STATUSES);

/** GET /airdrop/eligibility: one of username or wallet. */
export const eligibilityQuerySchema = z
  .object({
    username: z.string().trim().max(NAME_MAX, LEAD_MESSAGES.tooLong(NAME_MAX)).optional(),
    wallet: addressSchema.optional(),
  })
  .refine((v) => Boolean(v.username) !== Boolean(v.wallet), {
    message: "Give a Zealy username or a wallet address (one of them)",
    path: ["username"],
  });

export const eligibilitySchema = z.object({
  /** True when the username or wallet is on the active sprint's leaderboard, or the wallet has learning XP in it. */
  eligible: z.boolean(),
  sprint: z.object({ name: z.string(), period: z.string(), participants: z.number().int() }).nullable(),
  /** The rank over the combined total (Zealy XP plus learning XP); equal totals share a rank. */
  rank: z.number().int().nullable(),
  /** The Zealy XP the imported leaderboard lists (null when it does not list the username or wallet). */
  xp: z.number().int().nullable(),
  ...eligibilityXpFieldsSchema.shape,
  /** The reward in tokens, derived from vstnRewardUnits (for display); on combined XP once the sprint has learning XP. */
  vstnRewards: z.number().nullable(),
  /** The reward in base units (10^18 per token) as a decimal string: the exact amount. */
  vstnRewardUnits: z.string().nullable(),
  poolShare: z.number().nullable(),
  /** Whether the leaderboard links a wallet to this account (the claim must then be signed by it). */
  walletLinked: z.boolean().nullable(),
  claim: z.enum(["unclaimed", "claimed", "pending_review"]).nullable(),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

/** A claim as the review queue (GET /admin/airdrop/claims) shows it: wallets in EIP-55. */
export const reviewClaimSchema = z.object({
  _id: z.string(),
  sprintId: z.string(),
  zealyUsername: z.string(),
  walletAddress: z.string(),
  /** The wallet the sprint's leaderboard lists for this username; null when it lists none. */
  leaderboardWallet: z.string().nullable(),
  xpEarned: z.number(),
  /** The reward in tokens, derived from vstnRewardUnits (for display). */
  vstnRewards: z.number(),
  /** The reward in base units (10^18 per token) as a decimal string: the exact amount. */
  vstnRewardUnits: z.string(),
  email: z.string(),
  tgAccount: z.string(),
  claimStatus: z.enum(CLAIM_STATUSES),
  /** When the wallet's owner signed for the claim; null for claims made before signatures. */
  walletVerifiedAt: z.string().nullable(),
  /** When the claimant confirmed the e-mail address. */
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type ReviewClaim = z.infer<typeof reviewClaimSchema>;
