import type { FastifyBaseLogger } from "fastify";
import {
  AIRDROP,
  computeReward,
  LEAD_MESSAGES,
  maskTelegram,
  maskWallet,
  toChecksumAddress,
  type Contact,
  type Partner,
  type PioneerClaim,
  type PioneerUser,
  type PresaleQueue,
  type PresaleRegistration,
  type WaitlistSignup,
} from "@vestin/shared/leads";
import type { Kysely } from "kysely";
import type { ConfirmResult } from "@vestin/shared/form-guard";
import { successEnvelope } from "@vestin/shared/api";
import { eligibilitySchema, WALLET_MESSAGES, type Eligibility } from "@vestin/shared/wallet";
import { REFERRAL_MESSAGES, type ReferralLink } from "@vestin/shared/referrals";
import type { LeadEventType } from "@vestin/shared/events";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Events } from "../../lib/events.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { LIMITS, type Limit, type RateLimiter } from "../../lib/rate-limit.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import { assertSprintOpen } from "../allowlist/frozen.ts";
import { attributionColumns } from "../attribution/columns.ts";
import type { FormGuard, GuardTicket } from "../form-guard/service.ts";
import type { ConsentsService } from "../consents/service.ts";
import type { VerifiedProof, WalletService } from "../wallet/service.ts";
import { createAirdropReview } from "./airdrop-review.ts";
import { leadNotice, takeForDigest } from "./notice.ts";
import { enterQueue, REFERRAL_PATH, referralStatus, type ReferralList } from "./referrals.ts";
import { createConfirmations } from "./confirmations.ts";
import { claimConfirmationEmail, newConfirmationLinkEmail, presaleConfirmationEmail, waitlistConfirmationEmail } from "./mail.ts";
import { isUniqueViolation, leadsRepository, type PioneerRow } from "./repository.ts";

/** Each form has its own budget of the contract's 30 per hour, so one form does not eat another's. */
export const FORM_LIMITS = {
  contact: { ...LIMITS.leadForm, name: "lead:contact" },
  partner: { ...LIMITS.leadForm, name: "lead:partner" },
  presale: { ...LIMITS.leadForm, name: "lead:presale" },
  waitlist: { ...LIMITS.leadForm, name: "lead:waitlist" },
  claim: { ...LIMITS.leadForm, name: "lead:claim" },
} as const satisfies Record<string, Limit>;

/** Lookups by e-mail (queue position, claim summary): generous, but enough to slow down enumeration. */
export const LOOKUP_LIMIT: Limit = { name: "lead:lookup", max: 120, windowMs: 60 * 60_000 };

/** Opening confirmation links: a person opens one or two; a guesser gets nowhere near a 256-bit token. */
export const CONFIRM_LIMIT: Limit = { name: "lead:confirm", max: 60, windowMs: 60 * 60_000 };

/** "Send me a new link" on an expired link's page: a person asks once or twice. */
export const CONFIRM_RESEND_LIMIT: Limit = { name: "lead:confirm-resend", max: 10, windowMs: 60 * 60_000 };

const HOUR_MS = 60 * 60 * 1000;

/** Public-cache keys of the eligibility checker's answers. */
const ELIGIBILITY_PREFIX = "airdrop-eligibility:";
export const eligibilityResponse = successEnvelope(eligibilitySchema);

/** The public eligibility checker: cached like other public answers, and limited like the other lookups. */
export const ELIGIBILITY_LIMIT: Limit = { name: "airdrop:eligibility", max: 120, windowMs: 60 * 60_000 };

/** A lead being stored: the event it publishes, and for the two queues, its place and referrer. */
type StoredLead = { event: LeadEventType; id: string; at: string; queue?: { list: ReferralList; email: string; ref: string | undefined } };

type Deps = {
  database: Database;
  events: Events;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  formGuard: FormGuard;
  publicUrl: string;
  wallet: WalletService;
  cache: PublicCache;
  consents: ConsentsService;
};

export function toPioneerUser(row: PioneerRow, masked: boolean): PioneerUser {
  return {
    _id: row.id,
    zealyUsername: row.zealy_username,
    walletAddress: masked ? maskWallet(toChecksumAddress(row.wallet_address)) : toChecksumAddress(row.wallet_address),
    email: row.email,
    tgAccount: masked ? maskTelegram(row.tg_account) : row.tg_account,
    xpEarned: row.xp_earned,
    vstnRewards: row.vstn_rewards,
    poolShare: row.pool_share_bp / AIRDROP.shareScale,
    verificationDate: row.verification_date,
    distributionDate: row.distribution_date,
    claimStatus: row.claim_status,
  };
}

export function createLeadsService({ database, events, mailer, limiter, log, formGuard, publicUrl, wallet, cache, consents }: Deps) {
  const repo = leadsRepository(database.db);
  const confirmations = createConfirmations({ database, mailer, publicUrl, log });

  /** The lead is already committed: a failure to send its confirmation is logged, never answered as an error. */
  async function askConfirmation(email: string, mail: Parameters<typeof confirmations.request>[1]): Promise<void> {
    try {
      await confirmations.request(email, mail);
    } catch (err) {
      log.error({ err, to: email }, "lead confirmation could not be prepared");
    }
  }

  /**
   * Stores a submission, spends its form token and publishes its event (team notifications,
   * webhooks) in one transaction: a refused insert (a duplicate) leaves the token usable and
   * tells nobody, an accepted one spends it and reaches every subscriber. For the two queues it
   * answers the entry's own referral code.
   */
  async function store(
    ticket: GuardTicket | undefined,
    lead: StoredLead,
    insert: (db: Kysely<DB>) => Promise<void>,
    proof?: VerifiedProof,
  ): Promise<string | undefined> {
    return database.db.transaction().execute(async (trx) => {
      if (ticket) await formGuard.spend(trx, ticket);
      if (proof) await wallet.spend(trx, proof);
      await insert(trx);
      const code = lead.queue ? await enterQueue(trx, lead.queue.list, { id: lead.id, ...lead.queue }) : undefined;
      await events.publish(trx, lead.event, lead.id, lead.at);
      return code;
    });
  }

  /** Why a claim for this username or wallet cannot be made: the live claim holding either (not a rejected one). */
  async function claimConflict(sprintId: string, usernameKey: string, walletAddress: string): Promise<AppError | undefined> {
    const holder = await repo.claimBy(sprintId, usernameKey, walletAddress);
    if (!holder) return undefined;
    if (holder.username_key === usernameKey) {
      const message = WALLET_MESSAGES.claimedBy(maskWallet(toChecksumAddress(holder.wallet_address)));
      return conflict(message, { zealyUsername: message });
    }
    return conflict(WALLET_MESSAGES.walletUsed, { walletAddress: WALLET_MESSAGES.walletUsed });
  }

  async function presaleConflict(email: string, wallet: string): Promise<Error | undefined> {
    const holders = await repo.presaleHolders(email, wallet);
    if (holders.some((h) => h.email === email)) return conflict(LEAD_MESSAGES.presaleEmailTaken, { email: LEAD_MESSAGES.presaleEmailTaken });
    if (holders.length) return conflict(LEAD_MESSAGES.presaleWalletTaken, { walletAddress: LEAD_MESSAGES.presaleWalletTaken });
    return undefined;
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

  async function checkEligibility(query: { username?: string | undefined; wallet?: string | undefined }): Promise<Eligibility> {
    const none: Eligibility = { eligible: false, sprint: null, rank: null, xp: null, vstnRewards: null, poolShare: null, walletLinked: null, claim: null };
    const sprint = await repo.activeSprint();
    if (!sprint) return none;
    const about = { name: sprint.name, period: sprint.period, participants: sprint.participant_count };
    let entry = query.username
      ? await repo.leaderboardEntry(sprint.id, query.username.toLowerCase())
      : await repo.leaderboardEntryByWallet(sprint.id, query.wallet ?? "");
    let claim = entry ? await repo.liveClaimByUsername(sprint.id, entry.username_key) : undefined;
    if (!entry && query.wallet) {
      // A wallet the leaderboard does not list may still hold a claim (for a username listed without a wallet).
      claim = await repo.liveClaimByWallet(sprint.id, query.wallet);
      if (claim) entry = await repo.leaderboardEntry(sprint.id, claim.username_key);
    }
    if (!entry) return { ...none, sprint: about };
    const reward = computeReward(entry.xp, sprint.total_xp, sprint.token_pool);
    return {
      eligible: true,
      sprint: about,
      rank: entry.rank,
      xp: entry.xp,
      vstnRewards: reward.vstnRewards,
      poolShare: reward.poolShare,
      walletLinked: entry.wallet_address !== null,
      claim: !claim ? "unclaimed" : claim.claim_status === "granted" ? "claimed" : "pending_review",
    };
  }

  return {
    forgetEligibility,

    /** What the team's notification e-mail says of a lead (features/notifications). */
    notice: (type: LeadEventType, id: string) => leadNotice(database.db, type, id),
    /** The leads a digest tells of, marked told inside the digest's transaction (features/notifications). */
    takeForDigest,

    /** The admin console's review queue of airdrop claims (features/admin calls it). */
    review: createAirdropReview({ database, mailer, log, publicUrl, onChange: forgetEligibility }),

    async submitContact(input: Contact, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.contact, clientIp);
      const ticket = await formGuard.check("contact", input, clientIp);
      const now = nowIso();
      const id = newId();
      await store(ticket, { event: "contact.submitted", id, at: now }, async (db) => {
        await leadsRepository(db).insertContact({
          id,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          country: input.country ?? null,
          business_type: input.businessType ?? null,
          business_type_other: input.businessTypeOther ?? null,
          interested_in: input.interestedIn ?? null,
          planned_assets: JSON.stringify(input.plannedAssets),
          comments: input.comments ?? null,
          consent: input.consent ? 1 : 0,
          ...attributionColumns(input.attribution),
          status: "new",
          note: null,
          created_at: now,
          updated_at: now,
        });
        // The communications consent, when ticked, is recorded with its wording in the contact's transaction.
        if (input.consent) await consents.recordContactCommunications(db, { email: input.email, ip: clientIp, at: now });
      });
      return { _id: id };
    },

    async submitPartner(input: Partner, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.partner, clientIp);
      const ticket = await formGuard.check("partnership", input, clientIp);
      const now = nowIso();
      const id = newId();
      await store(ticket, { event: "partnership.submitted", id, at: now }, (db) =>
        leadsRepository(db).insertPartner({
          id,
          organization_name: input.organizationName,
          primary_contact_name: input.primaryContactName,
          first_name: input.firstName,
          last_name: input.lastName,
          social_profile: input.socialProfile ?? null,
          website_url: input.websiteUrl ?? "",
          email_or_telegram: input.emailOrTelegram,
          country: input.country ?? "",
          partnership_types: JSON.stringify(input.partnershipTypes),
          other_partnership_type: input.otherPartnershipType ?? null,
          ...attributionColumns(input.attribution),
          comments: input.comments ?? null,
          status: "new",
          note: null,
          created_at: now,
          updated_at: now,
        }),
      );
      return { _id: id };
    },

    async registerPresale(input: PresaleRegistration, clientIp: string): Promise<{ _id: string; referral: ReferralLink } & PresaleQueue> {
      await limiter.consume(FORM_LIMITS.presale, clientIp);
      const ticket = await formGuard.check("presale", input, clientIp, { email: input.email });
      const proof = input.walletProof ? await wallet.verify(input.walletProof, { purpose: "presale", address: input.walletAddress }) : undefined;
      const taken = await presaleConflict(input.email, input.walletAddress);
      if (taken) throw taken;
      const now = nowIso();
      const row = {
        id: newId(),
        full_name: input.fullName,
        email: input.email,
        wallet_address: input.walletAddress,
        investment_range: input.investmentRange,
        crypto_experience: input.cryptoExperience,
        reference: input.reference,
        additional_info: input.additionalInfo,
        ...attributionColumns(input.attribution),
        status: "new" as const,
        note: null,
        verified_at: null,
        wallet_verified_at: proof?.verifiedAt ?? null,
        created_at: now,
        updated_at: now,
      };
      let code: string | undefined;
      try {
        code = await store(
          ticket,
          { event: "presale.registered", id: row.id, at: now, queue: { list: "presale", email: input.email, ref: input.attribution?.ref } },
          (db) => leadsRepository(db).insertPresale(row),
          proof,
        );
      } catch (err) {
        // Two registrations racing for one e-mail or wallet: the loser gets the same 409.
        if (isUniqueViolation(err)) throw (await presaleConflict(input.email, input.walletAddress)) ?? conflict(LEAD_MESSAGES.presaleEmailTaken);
        throw err;
      }
      const queue = await repo.presaleQueue({ id: row.id });
      const referral = referralLink("presale", code);
      await askConfirmation(input.email, (link) => presaleConfirmationEmail(input.email, input.fullName, queue, link, referral.link));
      return { _id: row.id, ...queue, referral };
    },

    /** Where the entry with this referral code stands, and its referrals (the success pages). */
    async referralStanding(list: ReferralList, code: string, clientIp: string) {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      const status = await referralStatus(database.db, list, code.trim().toLowerCase());
      if (!status) throw notFound(REFERRAL_MESSAGES.notFound);
      return { ...status, link: referralLink(list, status.code).link };
    },

    async presaleQueue(email: string, clientIp: string): Promise<PresaleQueue> {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      const entry = await repo.presaleByEmail(email);
      if (!entry) throw notFound(LEAD_MESSAGES.presaleNotFound);
      return repo.presaleQueue(entry);
    },

    async joinWaitlist(input: WaitlistSignup, clientIp: string): Promise<{ _id: string; referral: ReferralLink }> {
      await limiter.consume(FORM_LIMITS.waitlist, clientIp);
      const ticket = await formGuard.check("waitlist", input, clientIp, { email: input.email });
      const taken = () => conflict(LEAD_MESSAGES.waitlistEmailTaken, { email: LEAD_MESSAGES.waitlistEmailTaken });
      if (await repo.testnetByEmail(input.email)) throw taken();
      const now = nowIso();
      const id = newId();
      let code: string | undefined;
      try {
        code = await store(
          ticket,
          { event: "waitlist.joined", id, at: now, queue: { list: "testnet", email: input.email, ref: input.attribution?.ref } },
          (db) =>
            leadsRepository(db).insertTestnet({
              id,
              username: input.username,
              email: input.email,
              twitter_handle: input.twitterHandle ?? null,
              telegram_handle: input.telegramHandle ?? null,
              ...attributionColumns(input.attribution),
              status: "new",
              note: null,
              verified_at: null,
              created_at: now,
              updated_at: now,
            }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      const referral = referralLink("testnet", code);
      await askConfirmation(input.email, (link) => waitlistConfirmationEmail(input.email, input.username, link, referral.link));
      return { _id: id, referral };
    },

    /**
     * An airdrop claim, proven by the wallet's signature (issue #16). In order: the proof must be a
     * valid, unspent signature by this wallet of a message issued for this username (400); the
     * username must be on the active sprint's leaderboard (404); when the leaderboard links a
     * wallet to the username, only that wallet may claim (403); neither the username nor the wallet
     * may hold a live claim (409); the sprint's allow-list must not be frozen (409). A username with
     * no wallet on the leaderboard gets a signed claim that waits for the team's review, never a
     * first-come-first-served grant. The form token, the nonce and the claim are one transaction.
     * XP, share and reward come from the leaderboard and the sprint, never from the request.
     */
    async claimAirdrop(input: PioneerClaim, clientIp: string): Promise<{ user: PioneerUser; message: string }> {
      await limiter.consume(FORM_LIMITS.claim, clientIp);
      const ticket = await formGuard.check("claim", input, clientIp, { email: input.email });
      if (!input.walletProof) throw badRequest(WALLET_MESSAGES.proofRequired, { walletAddress: WALLET_MESSAGES.proofRequired });
      const usernameKey = input.zealyUsername.toLowerCase();
      const proof = await wallet.verify(input.walletProof, { purpose: "airdrop-claim", address: input.walletAddress, subject: usernameKey });

      const unknown = () => notFound(LEAD_MESSAGES.zealyUnknown);
      const sprint = await repo.activeSprint();
      if (!sprint) throw unknown();
      const entry = await repo.leaderboardEntry(sprint.id, usernameKey);
      if (!entry) throw unknown();
      if (entry.wallet_address && entry.wallet_address !== input.walletAddress) {
        throw new AppError(403, WALLET_MESSAGES.notLinkedWallet, { walletAddress: WALLET_MESSAGES.notLinkedWallet });
      }
      const taken = await claimConflict(sprint.id, usernameKey, input.walletAddress);
      if (taken) throw taken;

      const reward = computeReward(entry.xp, sprint.total_xp, sprint.token_pool);
      const verified = new Date();
      const now = verified.toISOString();
      const row: PioneerRow = {
        id: newId(),
        sprint_id: sprint.id,
        zealy_username: entry.zealy_username,
        username_key: usernameKey,
        wallet_address: input.walletAddress,
        email: input.email,
        tg_account: input.tgAccount,
        ...attributionColumns(input.attribution),
        xp_earned: entry.xp,
        pool_share_bp: reward.basisPoints,
        vstn_rewards: reward.vstnRewards,
        verification_date: now,
        distribution_date: new Date(verified.getTime() + AIRDROP.distributionDelayHours * HOUR_MS).toISOString(),
        status: "new",
        note: null,
        verified_at: null,
        claim_status: entry.wallet_address ? "granted" : "pending_review",
        wallet_verified_at: proof.verifiedAt,
        reviewed_at: null,
        reviewed_by: null,
        review_note: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await store(
          ticket,
          { event: "airdrop.claimed", id: row.id, at: now },
          async (db) => {
            await assertSprintOpen(db, sprint.id);
            await leadsRepository(db).insertPioneer(row);
          },
          proof,
        );
      } catch (err) {
        // Two claims racing for one username or wallet: the loser gets the same 409 as if it came second.
        if (isUniqueViolation(err)) throw (await claimConflict(sprint.id, usernameKey, input.walletAddress)) ?? conflict(LEAD_MESSAGES.airdropClaimed);
        throw err;
      }
      forgetEligibility();
      const user = toPioneerUser(row, false);
      await askConfirmation(input.email, (link) => claimConfirmationEmail(input.email, user, link));
      return { user, message: row.claim_status === "granted" ? WALLET_MESSAGES.granted : WALLET_MESSAGES.pendingReview };
    },

    /**
     * The public eligibility checker: whether a Zealy username or a wallet is on the active
     * sprint's leaderboard, its rank, XP and reward, whether the leaderboard links a wallet, and
     * whether it has been claimed. No e-mail, Telegram account or full wallet is ever answered.
     */
    async eligibility(query: { username?: string | undefined; wallet?: string | undefined }, clientIp: string) {
      await limiter.consume(ELIGIBILITY_LIMIT, clientIp);
      const key = query.username ? `u:${query.username.toLowerCase()}` : `w:${query.wallet ?? ""}`;
      return cache.json(`${ELIGIBILITY_PREFIX}${key}`, eligibilityResponse, async () => ({ success: true as const, data: await checkEligibility(query) }), {
        admitOnRepeat: true,
      });
    },

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

    /** Claims made with this e-mail, wallet and Telegram account masked. */
    async findPioneers(email: string, clientIp: string): Promise<PioneerUser[]> {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      return (await repo.pioneersByEmail(email)).map((row) => toPioneerUser(row, true));
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
