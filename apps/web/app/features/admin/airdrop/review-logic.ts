import type { ClaimStatus } from "@vestin/shared/wallet-core";

export type ClaimCounts = Record<ClaimStatus, number>;

/** How a claim's wallet compares with the wallet the leaderboard lists for its username (case-insensitive). */
export function leaderboardMatch(claim: { walletAddress: string; leaderboardWallet: string | null }): "match" | "mismatch" | "none" {
  if (!claim.leaderboardWallet) return "none";
  return claim.leaderboardWallet.toLowerCase() === claim.walletAddress.toLowerCase() ? "match" : "mismatch";
}

/** The per-status counts the list answer carries beside `data`; anything that is not a count reads as 0. */
export function claimCounts(body: Record<string, unknown> | undefined): ClaimCounts | undefined {
  const counts = body?.counts;
  if (!counts || typeof counts !== "object") return undefined;
  const read = (key: ClaimStatus) => {
    const value = (counts as Record<string, unknown>)[key];
    return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
  };
  return { pending_review: read("pending_review"), granted: read("granted"), rejected: read("rejected") };
}
