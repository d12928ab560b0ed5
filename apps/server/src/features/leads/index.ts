/**
 * The leads feature's public entry: the service (notifications read its notices and digests, the
 * admin command line purges), the digest's lead types, the claim review's messages, the console's
 * leads inbox (webhooks deliver its rows; privacy exports and erases a person's leads) and
 * referral clusters, the demo sprint and the seed; the frozen-sprint guard (tests hold it) and
 * what allow-lists are frozen from (its plugin offers it to the allow-list plugin); the sprint and
 * its Zealy XP (entries and granted claims), which learn-and-earn combines with quest XP; the
 * combined XP that eligibility answers (handed in by learn-and-earn's plugin, see context.ts); the
 * job kind of a lead's confirmation e-mail (operators and tests look for its runs).
 */
export { CONFIRMATION_JOB } from "./confirmations.ts";
export { REVIEW_MESSAGES } from "./airdrop-review.ts";
export {
  CLAIM_STATUS_FILTERS,
  LEAD_STATUSES,
  LEAD_TYPES,
  leadsInbox,
  VERIFICATION_FILTERS,
  type LeadFilter,
} from "./inbox.ts";
export { DIGEST_TYPES, type DigestLead, type DigestType, type LeadNotice } from "./notice.ts";
export { networkPrefix } from "./networks.ts";
export { referralClusters } from "./referral-clusters.ts";
export { DEMO_SPRINT, leadsSeeder } from "./seed.ts";
export { assertSprintOpen } from "./sprint-guard.ts";
export { allowlistSources, grantedClaimsOf, sprintForQuests, sprintsForQuests, zealyEntriesOf, type AllowlistSources } from "./sprint-repository.ts";
export { createLeadsService, type LeadsService } from "./service.ts";
