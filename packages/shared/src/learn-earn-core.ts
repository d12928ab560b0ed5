/*
 * Learn-and-earn: quests a sprint's administrators define, whose grants of XP the server makes
 * when a learner passes an assessment, completes a track, passes the placement quiz or keeps a
 * learning streak. Free of the schema library, so public pages can import the constants and
 * texts; learn-earn.ts re-exports everything here next to the schemas (docs/decisions/0036).
 */

/** What a quest asks of a learner. */
export const QUEST_KINDS = ["assessment_pass", "track_complete", "placement_pass", "learning_streak"] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];

/** granted: counts toward the sprint; withheld: the event happened but the account was not eligible; revoked: taken back by an administrator. */
export const GRANT_STATUSES = ["granted", "withheld", "revoked"] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** Why a grant was withheld (stored as the key; shown to the person as its sentence). */
export const WITHHELD_REASONS = ["no_wallet", "email_unconfirmed", "account_too_new"] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** What the sybil review flags on a grant. */
export const GRANT_FLAGS = ["shared_network", "fast_pass"] as const;
export type GrantFlag = (typeof GRANT_FLAGS)[number];

export const LEARN_EARN_LIMITS = {
  titleMax: 120,
  reasonMax: 500,
  xpMax: 100_000,
  bandsMax: 5,
  streakDaysMax: 365,
  capMax: 1_000_000,
  /** A sprint's default minimum account age for a grant. */
  defaultMinAccountAgeHours: 24,
  /** An assessment pass is "in seconds" below this many seconds per drawn question (20 % of an expected 30 s). */
  fastPassSecondsPerQuestion: 6,
} as const;

/** The default bands of an assessment quest: at least 90 % → 150 XP, at least 75 % → 100, any pass → 50. */
export const DEFAULT_ASSESSMENT_BANDS = [
  { minScore: 90, xp: 150 },
  { minScore: 75, xp: 100 },
  { minScore: 0, xp: 50 },
] as const;

export const LEARN_EARN_MESSAGES = {
  /** What every learn-and-earn screen says about XP: no promise of value (the terms, "Airdrops and rewards"). */
  disclaimer:
    "XP counts toward the sprint's airdrop, subject to the sprint's terms and eligibility (18+, not in a sanctioned country). XP, shares of the pool and token amounts are estimates until distribution is confirmed.",
  withheld: {
    no_wallet: "Link a wallet to earn",
    email_unconfirmed: "Confirm your e-mail",
    account_too_new: "Your account is too new for this sprint's quests",
  } satisfies Record<WithheldReason, string>,
  flags: {
    shared_network: "Linked from the same network as another grant",
    fast_pass: "Passed in seconds",
  } satisfies Record<GrantFlag, string>,
  walletLinked: "Your wallet is linked. Quest XP is counted for this wallet.",
  walletTaken: "This wallet is already linked to another account.",
  accountHasWallet: "Your account already has a wallet linked.",
  walletLocked: "Your wallet cannot be unlinked because XP has been granted to it. Contact support if you lost access to it.",
  walletNotLinked: "No wallet is linked to your account.",
  questNotFound: "Quest not found",
  grantNotFound: "Grant not found",
  sprintNotFound: "Sprint not found",
  alreadyRevoked: "This grant has already been revoked.",
  notGranted: "Only a granted quest can be revoked.",
  questHasGrants: "This quest has grants; it cannot be deleted. End it by moving its end date.",
  kindFixed: "A quest's kind cannot be changed.",
  endsBeforeStart: "The end must be after the start.",
  unknownCourse: "No course with this id has an assessment.",
  unknownTrack: "No track with this id.",
  bandsRequired: "Give at least one score band.",
  xpRequired: "XP is required.",
  courseRequired: "Choose the course whose assessment the quest asks for.",
  trackRequired: "Choose the track the quest asks for.",
  streakDaysRequired: "Give the number of days of the streak.",
  revokeReasonRequired: "Give the reason for the revocation (the person reads it).",
} as const;

/** The grant rule of an assessment quest: the XP of the highest band the score reaches (0 when none). */
export function bandXp(bands: readonly { minScore: number; xp: number }[], score: number): number {
  let best: { minScore: number; xp: number } | null = null;
  for (const band of bands) if (score >= band.minScore && (!best || band.minScore > best.minScore)) best = band;
  return best?.xp ?? 0;
}

/** The most XP a quest can give: its xp, or its best band's. */
export function questMaxXp(quest: { xp: number | null; bands: readonly { xp: number }[] | null }): number {
  return quest.bands?.length ? Math.max(...quest.bands.map((b) => b.xp)) : (quest.xp ?? 0);
}
