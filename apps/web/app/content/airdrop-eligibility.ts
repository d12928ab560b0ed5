import { TOKEN } from "@vestin/shared/brand";

/** The public eligibility checker on /zealy-claim and /verification. */
export const eligibilityCopy = {
  heading: "Check your eligibility",
  intro:
    "Enter a Zealy username or a wallet address (0x…) to see whether it is on the sprint's leaderboard, what it earned and whether its airdrop has been claimed.",
  label: "Username or wallet to check",
  placeholder: "cryptopioneer or 0x…",
  submit: "Check",
  checking: "Checking…",
  empty: "Enter a Zealy username or a wallet address.",
  walletInvalid: "Enter the whole wallet address: 0x followed by 40 letters and digits.",
  networkError: "The server could not be reached. Check your connection and try again.",
  rateLimited: "Too many checks from this connection. Please wait a few minutes and try again.",
  failed: (status: number) => `The check could not be made (${status}). Please try again.`,
  onLeaderboard: "On the leaderboard",
  notOnLeaderboard: "Not on the leaderboard",
  noSprint: "There is no active sprint to check right now. Follow our announcements for the next one.",
  notFoundDetail: (sprint: string) =>
    `It is not among the participants of ${sprint}. Check the spelling: usernames are matched whatever their capitals, and a wallet must be the one connected on Zealy.`,
  sprintLine: (name: string, period: string) => `${name} · ${period}`,
  rank: "Rank",
  rankValue: (rank: number, participants: number) => `#${rank.toLocaleString("en-US")} of ${participants.toLocaleString("en-US")}`,
  xp: "XP earned",
  zealyXp: "Zealy XP",
  learningXp: "Learning XP",
  totalXp: "Total XP",
  learningOnly: "Counted for the sprint",
  learningOnlyNote:
    "This wallet earned XP from learning quests. There is nothing to claim: the sprint's allow-list is built from its XP, learning XP included, subject to its terms and eligibility.",
  learningNote: "Learning XP comes from quests on Vestin Learn, counted for the wallet linked to a learner's account.",
  reward: "Reward",
  /** `tokens` is already formatted from the exact amount (formatTokenUnits). */
  rewardValue: (tokens: string) => `${tokens} ${TOKEN}`,
  poolShare: "Pool share",
  claim: {
    unclaimed: "Not claimed yet",
    claimed: "Claimed",
    pending_review: "Claim waiting for review",
  },
  walletLinked: "The leaderboard links a wallet to this account: the claim must be signed with that wallet.",
  walletNotLinked: "The leaderboard lists no wallet for this account: a signed claim is checked by the team before it is granted.",
  claimCta: "Verify & Claim",
} as const;
