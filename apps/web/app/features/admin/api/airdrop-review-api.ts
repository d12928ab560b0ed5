import { CLAIM_STATUSES, type ClaimStatus } from "@vestin/shared/wallet-core";
// A type only: the console's bundle does not carry the schema.
import type { ReviewClaim } from "@vestin/shared/wallet";
import { adminRequest, queryString } from "./admin-request";

export { claimCounts, type ClaimCounts } from "../airdrop/review-logic";

export { CLAIM_STATUSES, type ClaimStatus };

export type { ReviewClaim };

export type ReviewDecision = "approve" | "reject";

/** The longest note the server accepts with a decision. */
export const REVIEW_NOTE_MAX = 500;

export function claimListPath(query: { claimStatus: ClaimStatus; search?: string; page?: number; limit?: number }): string {
  return `/admin/airdrop/claims${queryString({ claimStatus: query.claimStatus, search: query.search?.trim(), page: query.page, limit: query.limit })}`;
}

/** Approves or rejects a claim waiting for review; the note is optional. */
export function decideClaim(id: string, decision: ReviewDecision, note: string) {
  return adminRequest<ReviewClaim>(`/admin/airdrop/claims/${encodeURIComponent(id)}/${decision}`, {
    method: "POST",
    body: note.trim() ? { note: note.trim() } : {},
  });
}
