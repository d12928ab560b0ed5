import type { ClaimStatus } from "../api/airdrop-review-api";

/** The review queue's texts, in one place. */
export const REVIEW_COPY = {
  title: "Airdrop review",
  description:
    "Claims whose Zealy username the leaderboard lists without a wallet wait here, signed by the claimant's wallet. Check the account and the wallet, then approve or reject. Approved claims go into the sprint's next allow-list; a rejection frees the username and the wallet for a new signed claim.",
  searchLabel: "Search claims",
  searchPlaceholder: "Username, e-mail or wallet…",
  tabsLabel: "Claims by status",
  emptyPending: "No claims waiting for review",
  emptyPendingHint: "Claims for a username that the leaderboard lists without a wallet appear here as they come in.",
  emptyGranted: "No granted claims yet",
  emptyRejected: "No rejected claims",
  noMatch: (search: string) => `No claims match “${search}”.`,
  noteLabel: "Note (optional)",
  noteHint: "E-mailed to the claimant with the decision, and kept with the claim and in the audit log.",
  approveTitle: (username: string) => `Approve the claim of ${username}?`,
  approveBody: "The claim is granted and goes into the sprint's next allow-list. The claimant is told by e-mail.",
  rejectTitle: (username: string) => `Reject the claim of ${username}?`,
  rejectBody:
    "No tokens go to this wallet. The username and the wallet are free again for a new claim signed by the right wallet. The claimant is told by e-mail.",
  mismatchWarning:
    "The leaderboard links another wallet to this Zealy account. Approving would send the reward to a wallet the account did not connect on Zealy: reject unless you have confirmed the change with the account's owner.",
  /** Why Approve is off: the server refuses these too (409). */
  cannotApproveMismatch: "Cannot be approved: the leaderboard links another wallet to this Zealy account, and only that wallet can be granted.",
  cannotApproveUnsigned:
    "Cannot be approved: the claim was made before claims were signed, so its wallet is not proven. Reject it; the pioneer can sign a new claim.",
  approved: "Claim approved",
  rejected: "Claim rejected",
  decisionFailed: "The decision was not saved",
} as const;

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { pending_review: "Pending review", granted: "Granted", rejected: "Rejected" };

/** Tab order: the queue first. */
export const REVIEW_TABS: readonly ClaimStatus[] = ["pending_review", "granted", "rejected"];

export function isClaimStatus(value: string): value is ClaimStatus {
  return (REVIEW_TABS as readonly string[]).includes(value);
}
