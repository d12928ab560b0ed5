import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { LEAD_KIND_OF_EVENT, type LeadEventType } from "@vestin/shared/events";
import type { LeadKind } from "@vestin/shared/lead-kinds";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { Events } from "../../lib/events.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { ConsentsService } from "../consents/index.ts";
import type { FormGuard, GuardTicket } from "../form-guard/index.ts";
import type { VerifiedProof, WalletService } from "../wallet/index.ts";
import { createConfirmations } from "./confirmations.ts";
import { REFERRAL_PATH, referralPlace, type ReferralColumns, type ReferralList } from "./referrals.ts";
import { leadsRepository } from "./repository.ts";

export type LeadsDeps = {
  database: Database;
  events: Events;
  /** Sends e-mail through the job queue. */
  mailer: Mailer;
  /** Sends at once: a job's own send (a lead's confirmation e-mail). */
  directMailer: Mailer;
  jobs: JobQueue;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  formGuard: FormGuard;
  publicUrl: string;
  wallet: WalletService;
  cache: PublicCache;
  consents: ConsentsService;
  /** Referrals that move one referrer up in any 24 hours (REFERRAL_DAILY_BOOSTS). */
  referralDailyBoosts: number;
  /** Told of each lead once its transaction committed (metrics). */
  leadStored?: (kind: LeadKind) => void;
  /** A sprint's XP with learning XP combined (learn-and-earn's plugin hands it in: learn-and-earn imports leads, not the reverse). */
  combinedXp?: CombinedXpRead;
};

/** One participant of a sprint's combined XP: Zealy XP plus learning XP, its rank and pool share over the combined totals. */
export type CombinedXpEntry = {
  /** The leaderboard's username key, or the wallet of a participant with learning XP only. */
  key: string;
  wallet: string | null;
  zealyXp: number;
  learningXp: number;
  totalXp: number;
  rank: number;
  /** The pool rule on combined XP, in base units. */
  units: bigint;
};
/** `ifLearning`: an empty list when the sprint has no learning XP (the leaderboard's own ranks and rewards then stand). */
export type CombinedXpRead = (db: Kysely<DB>, sprintId: string, options?: { ifLearning?: boolean }) => Promise<CombinedXpEntry[]>;

/** A lead being stored: the event it publishes, and for the two queues, its place and referrer. */
type StoredLead = {
  event: LeadEventType;
  id: string;
  at: string;
  queue?: { list: ReferralList; email: string; ref: string | undefined; network: string | null };
};

/** Public-cache keys of the eligibility checker's answers. */
export const ELIGIBILITY_PREFIX = "airdrop-eligibility:";

/** What every form family of the leads service (enquiries, queues, airdrop claims) shares. */
export function leadsContext(deps: LeadsDeps) {
  const { database, events, mailer, log, formGuard, publicUrl, wallet, cache } = deps;
  const repo = leadsRepository(database.db);
  const confirmations = createConfirmations({
    database,
    mailer,
    directMailer: deps.directMailer,
    jobs: deps.jobs,
    publicUrl,
    log,
    referralDailyBoosts: deps.referralDailyBoosts,
  });

  /**
   * Stores a submission, spends its form token, publishes its event (team notifications,
   * webhooks) and asks for its e-mail's confirmation (`confirm`: the request, as a job) in one
   * transaction: a refused insert (a duplicate) leaves the token usable and tells
   * nobody; an accepted one spends it, reaches every subscriber and has its e-mail stored, so an
   * acknowledged lead never loses its confirmation. For the two queues it answers the entry's own
   * referral code.
   */
  async function store(
    ticket: GuardTicket | undefined,
    lead: StoredLead,
    insert: (db: Kysely<DB>, referral: ReferralColumns | undefined) => Promise<void>,
    proof?: VerifiedProof,
    confirm?: (trx: Kysely<DB>, code: string | undefined) => Promise<unknown>,
  ): Promise<string | undefined> {
    const audience = await events.audience(lead.event);
    const transaction = database.db.transaction().execute(async (trx) => {
      await formGuard.spend(trx, ticket);
      if (proof) await wallet.spend(trx, proof);
      // A queue entry's referral place is written by its insert (one statement, not two).
      const referral = lead.queue ? await referralPlace(trx, lead.queue.list, lead.queue) : undefined;
      await insert(trx, referral);
      const code = referral?.referral_code;
      await events.publish(trx, audience, lead.id, lead.at);
      if (confirm) await confirm(trx, code);
      return code;
    });
    const code = await formGuard.guarding(transaction);
    deps.leadStored?.(LEAD_KIND_OF_EVENT[lead.event]);
    return code;
  }

  /** A person's own referral link to a list (the code is given to every entry as it is stored). */
  function referralLink(list: ReferralList, code: string | null | undefined): { code: string; link: string } {
    if (!code) throw new Error(`a ${list} entry has no referral code`);
    return { code, link: `${publicUrl}${REFERRAL_PATH[list]}?ref=${code}` };
  }

  /** Claims and reviews change eligibility answers: drop them all (they are few and cheap to rebuild). */
  function forgetEligibility(): void {
    cache.forget((key) => key.includes(ELIGIBILITY_PREFIX));
  }

  return { ...deps, repo, confirmations, store, referralLink, forgetEligibility };
}

export type LeadsContext = ReturnType<typeof leadsContext>;
