import type { FastifyBaseLogger } from "fastify";
import { maskWallet, toChecksumAddress, unitsToTokens } from "@vestin/shared/leads";
import type { ClaimStatus, ReviewClaim } from "@vestin/shared/wallet";
import type { Database } from "../../db/database.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { recordAudit } from "../audit/index.ts";
import { assertSprintOpen } from "./sprint-guard.ts";
import { claimDecisionEmail } from "./mail.ts";
import { decidePending, leaderboardLineOf, reviewPage, reviewRow, type ReviewRow } from "./review-repository.ts";

export const REVIEW_MESSAGES = {
  decided: "This claim has already been decided",
  unsigned: "This claim was made before claims were signed: its wallet is not proven. Reject it and ask the pioneer to sign a new claim.",
  offLeaderboard: "This Zealy username is no longer on the sprint's leaderboard: the claim cannot be approved.",
  otherWallet: "The leaderboard links another wallet to this Zealy account: only that wallet can be granted. Reject this claim.",
} as const;

export type ReviewQuery = { claimStatus?: ClaimStatus | undefined; search?: string | undefined; page: number; limit: number };
export type Decision = "approve" | "reject";
export type Reviewer = { id: string | null; email: string };

/** A claim as the review queue shows it (the schema is shared with the console). */
export type ReviewItem = ReviewClaim;

type Deps = { database: Database; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string; onChange: () => void };

/**
 * The team's review of airdrop claims that the leaderboard cannot decide: a username listed without
 * a wallet, or a claim made before signatures. Only a pending claim is decided, once (a conditional
 * update: two admins racing get one 200 and one 409), never while the sprint's allow-list is
 * frozen; each decision is audited and e-mailed to the claimant. A rejection frees the username and
 * the wallet for a new signed claim.
 */
export function createAirdropReview({ database, mailer, publicUrl, onChange }: Deps) {
  const db = database.db;

  const toItem = (r: ReviewRow): ReviewItem => ({
    _id: r.id,
    sprintId: r.sprint_id,
    zealyUsername: r.zealy_username,
    walletAddress: toChecksumAddress(r.wallet_address),
    leaderboardWallet: r.leaderboard_wallet ? toChecksumAddress(r.leaderboard_wallet) : null,
    xpEarned: r.xp_earned,
    vstnRewards: unitsToTokens(r.vstn_reward_units),
    vstnRewardUnits: r.vstn_reward_units,
    email: r.email,
    tgAccount: r.tg_account,
    claimStatus: r.claim_status,
    walletVerifiedAt: r.wallet_verified_at,
    verifiedAt: r.verified_at,
    createdAt: r.created_at,
    reviewedAt: r.reviewed_at,
    reviewedBy: r.reviewed_by,
    reviewNote: r.review_note,
  });

  async function get(id: string): Promise<ReviewItem | undefined> {
    const row = await reviewRow(db, id);
    return row ? toItem(row) : undefined;
  }

  return {
    get,

    /** Pending first by default order (oldest first, the order they came in); counts per status for the tabs. */
    async list(query: ReviewQuery) {
      // The tabs' counts follow the search, so they match what each tab would list.
      const { rows, total, byStatus } = await reviewPage(db, query);
      const counts = { pending_review: 0, granted: 0, rejected: 0 };
      for (const r of byStatus) counts[r.claim_status] = Number(r.n);
      return { items: rows.map(toItem), total, pages: Math.ceil(total / query.limit), counts };
    },

    async decide(id: string, decision: Decision, note: string | null, reviewer: Reviewer): Promise<ReviewItem> {
      const claim = await get(id);
      if (!claim) throw notFound("Claim not found");
      if (decision === "approve" && claim.claimStatus === "pending_review") {
        // Approval grants tokens: never to a wallet that did not sign, nor past the leaderboard's own wallet.
        if (!claim.walletVerifiedAt) throw conflict(REVIEW_MESSAGES.unsigned);
        const entry = await leaderboardLineOf(db, claim.sprintId, claim.zealyUsername.toLowerCase());
        if (!entry) throw conflict(REVIEW_MESSAGES.offLeaderboard);
        if (entry.wallet_address && entry.wallet_address !== claim.walletAddress.toLowerCase()) throw conflict(REVIEW_MESSAGES.otherWallet);
      }
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await assertSprintOpen(trx, claim.sprintId);
        const decided = await decidePending(
          trx,
          id,
          { claim_status: decision === "approve" ? "granted" : "rejected", reviewed_by: reviewer.email, review_note: note },
          at,
        );
        if (!decided) throw conflict(REVIEW_MESSAGES.decided);
        await recordAudit(trx, {
          actorId: reviewer.id,
          actorEmail: reviewer.email,
          action: decision === "approve" ? "AIRDROP approve claim" : "AIRDROP reject claim",
          targetType: "pioneer_users",
          targetId: id,
          details: { zealyUsername: claim.zealyUsername, wallet: maskWallet(claim.walletAddress), vstnRewardUnits: claim.vstnRewardUnits, note },
        });
        // The person's e-mail is stored with the decision: one is never recorded without the other.
        await mailer.send(claimDecisionEmail(claim.email, claim, decision, note, `${publicUrl}/verification`), { trx });
      });
      onChange();
      return (await get(id)) ?? claim;
    },
  };
}

export type AirdropReview = ReturnType<typeof createAirdropReview>;
