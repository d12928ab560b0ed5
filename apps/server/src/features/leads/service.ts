import type { LeadEventType } from "@vestin/shared/events";
import type { ConfirmResult } from "@vestin/shared/form-guard";
import { joinParts } from "../../lib/service-parts.ts";
import { airdropClaims } from "./airdrop-claims.ts";
import { createAirdropReview } from "./airdrop-review.ts";
import { leadsContext, type LeadsDeps } from "./context.ts";
import { enquiries } from "./enquiries.ts";
import { CONFIRM_LIMIT, CONFIRM_RESEND_LIMIT } from "./limits.ts";
import { newConfirmationLinkEmail } from "./mail.ts";
import { leadNotice, takeForDigest } from "./notice.ts";
import { queues } from "./queues.ts";

/**
 * Leads as one service (app.leads), by form family: the contact and partnership enquiries
 * (enquiries.ts), the presale and waitlist queues (queues.ts) and the airdrop's claims
 * (airdrop-claims.ts), sharing the transactional store of context.ts; here, what every family
 * shares after the form: e-mail confirmation, the team's notices and the claim review. Each member
 * is defined by one part: a name two parts define does not compile.
 */
export function createLeadsService(deps: LeadsDeps) {
  const context = leadsContext(deps);
  const { database, mailer, limiter, log, publicUrl, confirmations, forgetEligibility } = context;
  return joinParts(enquiries(context), queues(context), airdropClaims(context), {
    forgetEligibility,

    /** What the team's notification e-mail says of a lead (features/notifications). */
    notice: (type: LeadEventType, id: string) => leadNotice(database.db, type, id),
    /** The leads a digest tells of, marked told inside the digest's transaction (features/notifications). */
    takeForDigest,

    /** The admin console's review queue of airdrop claims (features/admin calls it). */
    review: createAirdropReview({ database, mailer, log, publicUrl, onChange: forgetEligibility }),

    /** Opens an e-mailed confirmation link: the address's unverified leads become verified. */
    async confirmEmail(token: string, clientIp: string): Promise<ConfirmResult> {
      await limiter.consume(CONFIRM_LIMIT, clientIp);
      return confirmations.confirm(token);
    },

    /**
     * A new link for an expired one whose address still has unverified leads; nothing for any
     * other token. The caller answers the same either way (no enumeration), and the e-mail goes
     * through the hourly limit of every confirmation e-mail. A database outage is an error (503).
     */
    async resendConfirmation(token: string, clientIp: string): Promise<void> {
      await limiter.consume(CONFIRM_RESEND_LIMIT, clientIp);
      const expired = await confirmations.expiredLink(token);
      if (!expired) return;
      const outcome = await confirmations.request(expired.email, (link) => newConfirmationLinkEmail(expired.email, expired.waiting, link));
      log.info({ outcome }, "new confirmation link asked for");
    },

    /** Counts (dry run) or deletes unverified presale, waitlist and claim leads made before `cutoff`. */
    purgeUnverified: (cutoff: string, dryRun: boolean) => confirmations.purgeUnverified(cutoff, dryRun),
  });
}

export type LeadsService = ReturnType<typeof createLeadsService>;
