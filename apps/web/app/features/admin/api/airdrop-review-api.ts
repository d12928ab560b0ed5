import { CLAIM_STATUSES, type ClaimStatus } from "@vestin/shared/wallet-core";
import { adminRequest, queryString } from "./admin-request";

export { claimCounts, type ClaimCounts } from "../airdrop/review-logic";

export { CLAIM_STATUSES, type ClaimStatus };

/** A claim as GET /admin/airdrop/claims returns it (wallets in EIP-55). */
export type ReviewClaim = {
  _id: string;
  sprintId: string;
  zealyUsername: string;
  walletAddress: string;
  /** The wallet the sprint's leaderboard lists for this username; null when it lists none. */
  leaderboardWallet: string | null;
  xpEarned: number;
  vstnRewards: number;
  email: string;
  tgAccount: string;
  claimStatus: ClaimStatus;
  /** When the wallet's owner signed for the claim; null for claims made before signatures. */
  walletVerifiedAt: string | null;
  /** When the claimant confirmed the e-mail address. */
  verifiedAt: string | null;
  createdAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  reviewNote: string | null;
};

export type ReviewDecision = "approve" | "reject";

/** The longest note the server accepts with a decision. */
export const REVIEW_NOTE_MAX = 500;

export function claimListPath(query: { claimStatus: ClaimStatus; search?: string; page?: number; limit?: number }): string {
  return `/admin/airdrop/claims${queryString({ claimStatus: query.claimStatus, search: query.search?.trim(), page: query.page, limit: query.limit })}`;
}

/** Approves or rejects a claim waiting for review; the note is optional. */
export function decideClaim(id: string, decision: ReviewDecision, note: string) {
  return adminRequest<ReviewClaim>(`/admin/airdrop/claims/${encodeURIComponent(id)}/${decision}`, { method: "POST", body: note.trim() ? { note: note.trim() } : {} });
}
