import { describe, expect, it } from "vitest";
import { claimCounts, leaderboardMatch } from "./review-logic.ts";

describe("airdrop review helpers", () => {
  it("compares the claim's wallet with the leaderboard's, whatever the letter case", () => {
    const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    expect(leaderboardMatch({ walletAddress: wallet, leaderboardWallet: null })).toBe("none");
    expect(leaderboardMatch({ walletAddress: wallet, leaderboardWallet: wallet.toLowerCase() })).toBe("match");
    expect(leaderboardMatch({ walletAddress: wallet, leaderboardWallet: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" })).toBe("mismatch");
  });

  it("reads the counts per status and nothing it cannot trust", () => {
    expect(claimCounts({ counts: { pending_review: 3, granted: 1, rejected: 2 } })).toEqual({ pending_review: 3, granted: 1, rejected: 2 });
    expect(claimCounts({ counts: { pending_review: "3", granted: -1 } })).toEqual({ pending_review: 0, granted: 0, rejected: 0 });
    expect(claimCounts({})).toBeUndefined();
    expect(claimCounts(undefined)).toBeUndefined();
  });
});
