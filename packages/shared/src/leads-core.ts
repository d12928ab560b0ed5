import { PRODUCT_NAME, TOKEN } from "./brand.ts";
import { isEmail, TELEGRAM_HANDLE_PATTERN } from "./lead-fields.ts";

/*
 * Lead capture without its schemas: what the forms need to draw themselves (the fields, the texts,
 * the wizard's order, the airdrop rule). A page that shows a form imports this, and loads the
 * schemas (leads.ts, zod) only when the form is used: building every schema took 300-550 ms of
 * main thread at Lighthouse's 4x slowdown as /presale loaded. leads.ts re-exports all of it.
 */

export * from "./lead-fields.ts";
export * from "./lead-messages.ts";
export * from "./airdrop-rewards.ts";

/** When the planned-assets checkboxes show: once a business type and an interest are chosen, neither of them "other". */
export function showsPlannedAssets(businessType: string | undefined, interestedIn: string | undefined): boolean {
  return Boolean(interestedIn) && businessType !== "other" && interestedIn !== "other" && Boolean(businessType);
}

/** "Ada King Lovelace" → first "Ada", last "King Lovelace": the first word is the first name, the rest the last name. */
export function splitContactName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

export function isEmailOrTelegram(value: string): boolean {
  return isEmail(value) || TELEGRAM_HANDLE_PATTERN.test(value);
}

/** The wizard's order: 1 email, 2 full name, 3 wallet, 4 experience, 5 range, 6 reference, 7 goal. */
export const PRESALE_STEP_FIELDS = ["email", "fullName", "walletAddress", "cryptoExperience", "investmentRange", "reference", "additionalInfo"] as const;
/** One presale wizard field (POST /presale); leads.ts holds a schema for each. */
export type PresaleField = (typeof PRESALE_STEP_FIELDS)[number];

export const PRESALE_DEFAULTS = {
  queuePosition: 1056,
  totalAhead: 5296,
  spotsRemaining: "2,847",
  steps: 7,
} as const;

/** When only the position is known, the total is the larger of 1000 and five times the position. */
export function fallbackTotalAhead(position: number): number {
  return Math.max(1000, 5 * position);
}

export const AIRDROP = {
  /** Distribution date = verification date + 720 hours (30 days). */
  distributionDelayHours: 720,
  /** The stored share of a claim is counted in whole basis points (hundredths of a percent), rounded down: for display only. */
  shareScale: 10_000,
} as const;

/**
 * A participant's share of the pool as it is shown: XP / the sprint's combined XP in whole basis
 * points, rounded down (8,247 of 445,000 XP → 185 → 0.0185, "1.85%"). Only a figure to read:
 * rewards come from the exact XP ratio in base units (allocateRewards), never from this share.
 */
export function poolShareOf(xp: number, totalXp: number): { poolShare: number; basisPoints: number } {
  if (!(totalXp > 0) || !(xp > 0)) return { poolShare: 0, basisPoints: 0 };
  const basisPoints = Math.floor((xp * AIRDROP.shareScale) / totalXp);
  return { poolShare: basisPoints / AIRDROP.shareScale, basisPoints };
}

export const LEAD_MAIL = {
  presaleSubject: `You're on the ${TOKEN} presale whitelist`,
  waitlistSubject: `You're on the ${PRODUCT_NAME} testnet waitlist`,
  claimSubject: `Your ${TOKEN} airdrop claim`,
} as const;
