import type { Migration, MigrationProvider } from "kysely/migration";
import { appMeta } from "./0001-app-meta.ts";
import { accounts } from "./0002-accounts.ts";
import { blog } from "./0003-blog.ts";
import { learning } from "./0004-learning.ts";
import { leads } from "./0005-leads.ts";
import { admin } from "./0006-admin.ts";
import { readIndexes } from "./0007-read-indexes.ts";
import { articleRowOrder } from "./0008-article-row-order.ts";
import { formGuard } from "./0009_form_guard.ts";
import { changeNotices } from "./0010-change-notices.ts";
import { walletProof } from "./0011-wallet-proof.ts";
import { assessments } from "./0012-assessments.ts";
import { learnerSpace } from "./0013-learner-space.ts";
import { jobs } from "./0014-jobs.ts";
import { pendingJobs } from "./0034-pending-jobs.ts";
import { watchWebhookEndpoints } from "./0035-watch-webhook-endpoints.ts";
import { presaleLength } from "./0036-presale-length.ts";
import { attribution } from "./0015-attribution.ts";
import { webhooks } from "./0016-webhooks.ts";
import { notifications } from "./0017-notifications.ts";
import { referrals } from "./0018-referrals.ts";
import { newsletter } from "./0019-newsletter.ts";
import { consentRecords } from "./0020-consent-records.ts";
import { twoFactor } from "./0021-two-factor.ts";
import { searchHead } from "./0022-search-head.ts";
import { assessmentDraws } from "./0023-assessment-draws.ts";
import { referralCaps } from "./0024-referral-caps.ts";
import { earnedCertificates } from "./0025-earned-certificates.ts";
import { jobTraceContext } from "./0026-job-trace-context.ts";
import { articleRedirects } from "./0027-article-redirects.ts";
import { previewLinks } from "./0029-preview-links.ts";
import { imageVariants } from "./0032-image-variants.ts";
import { revisions } from "./0030-revisions.ts";
import { articleSchedules } from "./0028-article-schedules.ts";
import { authors } from "./0031-authors.ts";
import { learningQuests } from "./0033-learning-quests.ts";

export type MigrationContext = { dialect: "sqlite" | "postgres" };

/**
 * Every migration, in order. A migration receives the dialect so the rare dialect-specific piece
 * (full-text indexes) can branch; everything else uses the portable schema builder.
 */
const MIGRATIONS: Record<string, (ctx: MigrationContext) => Migration> = {
  "0001-app-meta": appMeta,
  "0002-accounts": accounts,
  "0003-blog": blog,
  "0004-learning": learning,
  "0005-leads": leads,
  "0006-admin": admin,
  "0007-read-indexes": readIndexes,
  "0008-article-row-order": articleRowOrder,
  "0009_form_guard": formGuard,
  "0010-change-notices": changeNotices,
  "0011-wallet-proof": walletProof,
  "0012-assessments": assessments,
  "0013-learner-space": learnerSpace,
  "0014-jobs": jobs,
  "0015-attribution": attribution,
  "0016-webhooks": webhooks,
  "0017-notifications": notifications,
  "0018-referrals": referrals,
  "0019-newsletter": newsletter,
  "0020-consent-records": consentRecords,
  "0021-two-factor": twoFactor,
  "0022-search-head": searchHead,
  "0023-assessment-draws": assessmentDraws,
  "0024-referral-caps": referralCaps,
  "0025-earned-certificates": earnedCertificates,
  "0026-job-trace-context": jobTraceContext,
  "0027-article-redirects": articleRedirects,
  "0029-preview-links": previewLinks,
  "0032-image-variants": imageVariants,
  "0030-revisions": revisions,
  "0028-article-schedules": articleSchedules,
  "0031-authors": authors,
  "0033-learning-quests": learningQuests,
  "0034-pending-jobs": pendingJobs,
  "0035-watch-webhook-endpoints": watchWebhookEndpoints,
  "0036-presale-length": presaleLength,
};

export function migrationProvider(ctx: MigrationContext): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(ctx)]));
    },
  };
}
