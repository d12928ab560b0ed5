/** The learn-and-earn feature's public entry: the service (the combined leaderboard that eligibility and freezes may read). */
export { createLearnEarnService, type LearnEarnService } from "./service.ts";
export { type CombinedEntry, combinedXp } from "./combined-xp.ts";
