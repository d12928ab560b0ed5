import { successEnvelope } from "@vestin/shared/api";
import {
  AIRDROP,
  LEAD_MESSAGES,
  poolShareOf,
  TOKEN_UNIT,
  unitsToTokens,
  maskTelegram,
  maskWallet,
  toChecksumAddress,
  type AirdropClaimRequest,
  type AirdropClaim,
} from "@vestin/shared/leads";
import { eligibilitySchema, WALLET_MESSAGES, type Eligibility } from "@vestin/shared/wallet";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { assertSprintOpen } from "./sprint-guard.ts";
import { attributionColumns } from "../attribution/index.ts";
import { ELIGIBILITY_PREFIX, type LeadsContext } from "./context.ts";
import { ELIGIBILITY_LIMIT, FORM_LIMITS, LOOKUP_LIMIT } from "./limits.ts";
import { claimConfirmationEmail } from "./mail.ts";
import { leadsRepository, type AirdropClaimRow } from "./repository.ts";

const HOUR_MS = 60 * 60 * 1000;

export const eligibilityResponse = successEnvelope(eligibilitySchema);

export function toAirdropClaim(row: AirdropClaimRow, masked: boolean): AirdropClaim {
  return {
    _id: row.id,
    zealyUsername: row.zealy_username,
    walletAddress: masked ? maskWallet(toChecksumAddress(row.wallet_address)) : toChecksumAddress(row.wallet_address),
    email: row.email,
    tgAccount: masked ? maskTelegram(row.tg_account) : row.tg_account,
    xpEarned: row.xp_earned,
    vstnRewards: unitsToTokens(row.vstn_reward_units),
    vstnRewardUnits: row.vstn_reward_units,
    poolShare: row.pool_share_bp / AIRDROP.shareScale,
    verificationDate: row.verification_date,
    distributionDate: row.distribution_date,
    claimStatus: row.claim_status,
  };
}

/** The airdrop: signed claims against the active sprint's leaderboard, the public eligibility checker, and a claimant's own claims. */
export function airdropClaims({ database, limiter, formGuard, wallet, cache, repo, store, confirmations, forgetEligibility, combinedXp }: LeadsContext) {
  /** Why a claim for this username or wallet cannot be made: the live claim holding either (not a rejected one). */
  async function claimConflict(sprintId: string, usernameKey: string, walletAddress: string): Promise<AppError | undefined> {
    const holder = await repo.claimBy(sprintId, usernameKey, walletAddress);
    if (!holder) return undefined;
    if (holder.username_key === usernameKey) {
      const message = WALLET_MESSAGES.claimedBy(maskWallet(toChecksumAddress(holder.wallet_address)));
      return conflict(message, { zealyUsername: message });
    }
    return conflict(WALLET_MESSAGES.walletUsed, { walletAddress: WALLET_MESSAGES.walletUsed });
  }

  /**
   * What the checker answers: the Zealy entry of the username or wallet (a wallet also through
   * its live claim), and its combined XP. Once the sprint has learning XP, rank and reward are over
   * the combined totals (the pool rule a freeze applies); a wallet with learning XP only is
   * eligible too. Without learning XP the leaderboard's own rank and reward are answered.
   */
  async function checkEligibility(query: { username?: string | undefined; wallet?: string | undefined }): Promise<Eligibility> {
    const none: Eligibility = {
      eligible: false,
      sprint: null,
      rank: null,
      xp: null,
      zealyXp: 0,
      learningXp: 0,
      totalXp: 0,
      vstnRewards: null,
      vstnRewardUnits: null,
      poolShare: null,
      walletLinked: null,
      claim: null,
    };
    const sprint = await repo.activeSprint();
    if (!sprint) return none;
    const about = { name: sprint.name, period: sprint.period, participants: sprint.participant_count };
    let entry = query.username
      ? await repo.leaderboardEntry(sprint.id, query.username.toLowerCase())
      : await repo.leaderboardEntryByWallet(sprint.id, query.wallet ?? "");
    let claim = entry ? await repo.liveClaimBy(sprint.id, { username_key: entry.username_key }) : undefined;
    if (!entry && query.wallet) {
      // A wallet the leaderboard does not list may still hold a claim (for a username listed without a wallet).
      claim = await repo.liveClaimBy(sprint.id, { wallet_address: query.wallet });
      if (claim) entry = await repo.leaderboardEntry(sprint.id, claim.username_key);
    }
    const board = combinedXp ? await combinedXp(database.db, sprint.id, { ifLearning: true }) : [];
    const combined = entry ? board.find((e) => e.key === entry.username_key) : query.wallet ? board.find((e) => e.wallet === query.wallet) : undefined;
    const withLearning = board.length > 0;
    const combinedTotal = board.reduce((sum, e) => sum + e.totalXp, 0);
    const xpFields = {
      zealyXp: entry?.xp ?? 0,
      learningXp: combined?.learningXp ?? 0,
      totalXp: (entry?.xp ?? 0) + (combined?.learningXp ?? 0),
    };
    if (!entry) {
      if (!combined) return { ...none, sprint: about };
      // A wallet with learning XP only: no Zealy entry, no claim to make.
      return {
        ...none,
        eligible: true,
        sprint: about,
        rank: combined.rank,
        ...xpFields,
        vstnRewards: unitsToTokens(combined.units),
        vstnRewardUnits: combined.units.toString(),
        poolShare: poolShareOf(combined.totalXp, combinedTotal).poolShare,
      };
    }
    const units = withLearning && combined ? combined.units.toString() : entry.reward_units;
    return {
      eligible: true,
      sprint: about,
      rank: withLearning && combined ? combined.rank : entry.rank,
      xp: entry.xp,
      ...xpFields,
      vstnRewards: unitsToTokens(units),
      vstnRewardUnits: units,
      poolShare: withLearning ? poolShareOf(xpFields.totalXp, combinedTotal).poolShare : poolShareOf(entry.xp, sprint.total_xp).poolShare,
      walletLinked: entry.wallet_address !== null,
      claim: !claim ? "unclaimed" : claim.claim_status === "granted" ? "claimed" : "pending_review",
    };
  }

  return {
    /**
     * An airdrop claim, proven by the wallet's signature. In order: the proof must be a
     * valid, unspent signature by this wallet of a message issued for this username (400); the
     * username must be on the active sprint's leaderboard (404); when the leaderboard links a
     * wallet to the username, only that wallet may claim (403); neither the username nor the wallet
     * may hold a live claim (409); the sprint's allow-list must not be frozen (409). A username with
     * no wallet on the leaderboard gets a signed claim that waits for the team's review, never a
     * first-come-first-served grant. The form token, the nonce and the claim are one transaction.
     * XP, share and reward come from the leaderboard and the sprint, never from the request.
     */
    async claimAirdrop(input: AirdropClaimRequest, clientIp: string): Promise<{ user: AirdropClaim; message: string }> {
      await limiter.consume(FORM_LIMITS.claim, clientIp);
      const ticket = await formGuard.check("claim", input, clientIp, { email: input.email });
      if (!input.walletProof) throw badRequest(WALLET_MESSAGES.proofRequired, { walletAddress: WALLET_MESSAGES.proofRequired });
      const usernameKey = input.zealyUsername.toLowerCase();
      const proof = await wallet.verify(input.walletProof, { purpose: "airdrop-claim", address: input.walletAddress, subject: usernameKey });

      const unknown = () => notFound(LEAD_MESSAGES.zealyUnknown);
      const { sprint, entry } = (await repo.activeSprintWithEntry(usernameKey)) ?? {};
      if (!sprint || !entry) throw unknown();
      if (entry.wallet_address && entry.wallet_address !== input.walletAddress) {
        throw new AppError(403, WALLET_MESSAGES.notLinkedWallet, { walletAddress: WALLET_MESSAGES.notLinkedWallet });
      }
      // A username or wallet with a live claim is refused by the claims' unique indexes in the
      // insert; the transaction rolls back (the form token and the wallet proof stay unspent) and
      // the catch below answers which of the two holds it.

      const share = poolShareOf(entry.xp, sprint.total_xp);
      const verified = new Date();
      const now = verified.toISOString();
      const row: AirdropClaimRow = {
        id: newId(),
        sprint_id: sprint.id,
        zealy_username: entry.zealy_username,
        username_key: usernameKey,
        wallet_address: input.walletAddress,
        email: input.email,
        tg_account: input.tgAccount,
        ...attributionColumns(input.attribution),
        xp_earned: entry.xp,
        pool_share_bp: share.basisPoints,
        vstn_rewards: Number(BigInt(entry.reward_units) / TOKEN_UNIT),
        vstn_reward_units: entry.reward_units,
        verification_date: now,
        distribution_date: new Date(verified.getTime() + AIRDROP.distributionDelayHours * HOUR_MS).toISOString(),
        status: "new",
        note: null,
        verified_at: null,
        claim_status: entry.wallet_address ? "granted" : "pending_review",
        wallet_verified_at: proof.verifiedAt,
        reviewed_at: null,
        reviewed_by: null,
        review_note: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await store(
          ticket,
          { event: "airdrop.claimed", id: row.id, at: now },
          async (db) => {
            await assertSprintOpen(db, sprint.id);
            await leadsRepository(db).insertAirdropClaim(row);
          },
          proof,
          (trx) => confirmations.requestFor(trx, input.email, (link) => claimConfirmationEmail(input.email, toAirdropClaim(row, false), link)),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw (await claimConflict(sprint.id, usernameKey, input.walletAddress)) ?? conflict(LEAD_MESSAGES.airdropClaimed);
        throw err;
      }
      forgetEligibility();
      const user = toAirdropClaim(row, false);
      return { user, message: row.claim_status === "granted" ? WALLET_MESSAGES.granted : WALLET_MESSAGES.pendingReview };
    },

    /**
     * The public eligibility checker: whether a Zealy username or a wallet is on the active
     * sprint's leaderboard, its rank, XP and reward, whether the leaderboard links a wallet, and
     * whether it has been claimed. No e-mail, Telegram account or full wallet is ever answered.
     */
    async eligibility(query: { username?: string | undefined; wallet?: string | undefined }, clientIp: string) {
      await limiter.consume(ELIGIBILITY_LIMIT, clientIp);
      const key = query.username ? `u:${query.username.toLowerCase()}` : `w:${query.wallet ?? ""}`;
      return cache.json(`${ELIGIBILITY_PREFIX}${key}`, eligibilityResponse, async () => ({ success: true as const, data: await checkEligibility(query) }), {
        admitOnRepeat: true,
      });
    },

    /** Claims made with this e-mail, wallet and Telegram account masked. */
    async findAirdropClaims(email: string, clientIp: string): Promise<AirdropClaim[]> {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      return (await repo.airdropClaimsByEmail(email)).map((row) => toAirdropClaim(row, true));
    },
  };
}
