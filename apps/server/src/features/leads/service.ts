import type { FastifyBaseLogger } from "fastify";
import {
  AIRDROP,
  computeReward,
  LEAD_MESSAGES,
  maskTelegram,
  maskWallet,
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
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { LIMITS, type Limit, type RateLimiter } from "../../lib/rate-limit.ts";
import type { FormGuard, GuardTicket } from "../form-guard/service.ts";
import { createConfirmations } from "./confirmations.ts";
import { claimConfirmationEmail, presaleConfirmationEmail, waitlistConfirmationEmail } from "./mail.ts";
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

const HOUR_MS = 60 * 60 * 1000;

type Deps = { database: Database; mailer: Mailer; limiter: RateLimiter; log: FastifyBaseLogger; formGuard: FormGuard; publicUrl: string };

export function toPioneerUser(row: PioneerRow, masked: boolean): PioneerUser {
  return {
    _id: row.id,
    zealyUsername: row.zealy_username,
    walletAddress: masked ? maskWallet(row.wallet_address) : row.wallet_address,
    email: row.email,
    tgAccount: masked ? maskTelegram(row.tg_account) : row.tg_account,
    xpEarned: row.xp_earned,
    vstnRewards: row.vstn_rewards,
    poolShare: row.pool_share_bp / AIRDROP.shareScale,
    verificationDate: row.verification_date,
    distributionDate: row.distribution_date,
  };
}

export function createLeadsService({ database, mailer, limiter, log, formGuard, publicUrl }: Deps) {
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
   * Stores a submission and spends its form token in one transaction: a refused insert (a
   * duplicate) leaves the token usable, an accepted one spends it. With the guard off there is no
   * token and the insert runs on its own.
   */
  async function store(ticket: GuardTicket | undefined, insert: (db: Kysely<DB>) => Promise<void>): Promise<void> {
    if (!ticket) return insert(database.db);
    await database.db.transaction().execute(async (trx) => {
      await formGuard.spend(trx, ticket);
      await insert(trx);
    });
  }

  async function presaleConflict(email: string, wallet: string): Promise<Error | undefined> {
    const holders = await repo.presaleHolders(email, wallet);
    if (holders.some((h) => h.email === email)) return conflict(LEAD_MESSAGES.presaleEmailTaken, { email: LEAD_MESSAGES.presaleEmailTaken });
    if (holders.length) return conflict(LEAD_MESSAGES.presaleWalletTaken, { walletAddress: LEAD_MESSAGES.presaleWalletTaken });
    return undefined;
  }

  return {
    async submitContact(input: Contact, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.contact, clientIp);
      const ticket = await formGuard.check("contact", input, clientIp);
      const now = nowIso();
      const id = newId();
      await store(ticket, (db) => leadsRepository(db).insertContact({
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
        status: "new",
        note: null,
        created_at: now,
        updated_at: now,
      }));
      return { _id: id };
    },

    async submitPartner(input: Partner, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.partner, clientIp);
      const ticket = await formGuard.check("partnership", input, clientIp);
      const now = nowIso();
      const id = newId();
      await store(ticket, (db) => leadsRepository(db).insertPartner({
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
        comments: input.comments ?? null,
        status: "new",
        note: null,
        created_at: now,
        updated_at: now,
      }));
      return { _id: id };
    },

    async registerPresale(input: PresaleRegistration, clientIp: string): Promise<{ _id: string } & PresaleQueue> {
      await limiter.consume(FORM_LIMITS.presale, clientIp);
      const ticket = await formGuard.check("presale", input, clientIp, { email: input.email });
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
        status: "new" as const,
        note: null,
        verified_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await store(ticket, (db) => leadsRepository(db).insertPresale(row));
      } catch (err) {
        // Two registrations racing for one e-mail or wallet: the loser gets the same 409.
        if (isUniqueViolation(err)) throw (await presaleConflict(input.email, input.walletAddress)) ?? conflict(LEAD_MESSAGES.presaleEmailTaken);
        throw err;
      }
      const queue = await repo.presaleQueue(row);
      await askConfirmation(input.email, (link) => presaleConfirmationEmail(input.email, input.fullName, queue, link));
      return { _id: row.id, ...queue };
    },

    async presaleQueue(email: string, clientIp: string): Promise<PresaleQueue> {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      const entry = await repo.presaleByEmail(email);
      if (!entry) throw notFound(LEAD_MESSAGES.presaleNotFound);
      return repo.presaleQueue(entry);
    },

    async joinWaitlist(input: WaitlistSignup, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.waitlist, clientIp);
      const ticket = await formGuard.check("waitlist", input, clientIp, { email: input.email });
      const taken = () => conflict(LEAD_MESSAGES.waitlistEmailTaken, { email: LEAD_MESSAGES.waitlistEmailTaken });
      if (await repo.testnetByEmail(input.email)) throw taken();
      const now = nowIso();
      const id = newId();
      try {
        await store(ticket, (db) => leadsRepository(db).insertTestnet({
          id,
          username: input.username,
          email: input.email,
          twitter_handle: input.twitterHandle ?? null,
          telegram_handle: input.telegramHandle ?? null,
          status: "new",
          note: null,
          verified_at: null,
          created_at: now,
          updated_at: now,
        }));
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      await askConfirmation(input.email, (link) => waitlistConfirmationEmail(input.email, input.username, link));
      return { _id: id };
    },

    /**
     * An airdrop claim: the username must be on the active sprint's leaderboard (404), and neither
     * the username nor the wallet may have claimed already (409). XP, share and reward come from
     * the leaderboard and the sprint, never from the request.
     */
    async claimAirdrop(input: PioneerClaim, clientIp: string): Promise<PioneerUser> {
      await limiter.consume(FORM_LIMITS.claim, clientIp);
      const ticket = await formGuard.check("claim", input, clientIp, { email: input.email });
      const usernameKey = input.zealyUsername.toLowerCase();
      const unknown = () => notFound(LEAD_MESSAGES.zealyUnknown);
      const claimed = () => conflict(LEAD_MESSAGES.airdropClaimed);
      const sprint = await repo.activeSprint();
      if (!sprint) throw unknown();
      const entry = await repo.leaderboardEntry(sprint.id, usernameKey);
      if (!entry) throw unknown();
      if (await repo.claimBy(sprint.id, usernameKey, input.walletAddress)) throw claimed();

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
        xp_earned: entry.xp,
        pool_share_bp: reward.basisPoints,
        vstn_rewards: reward.vstnRewards,
        verification_date: now,
        distribution_date: new Date(verified.getTime() + AIRDROP.distributionDelayHours * HOUR_MS).toISOString(),
        status: "new",
        note: null,
        verified_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await store(ticket, (db) => leadsRepository(db).insertPioneer(row));
      } catch (err) {
        if (isUniqueViolation(err)) throw claimed();
        throw err;
      }
      const user = toPioneerUser(row, false);
      await askConfirmation(input.email, (link) => claimConfirmationEmail(input.email, user, link));
      return user;
    },

    /** Opens an e-mailed confirmation link: the address's unverified leads become verified. */
    async confirmEmail(token: string, clientIp: string): Promise<ConfirmResult> {
      await limiter.consume(CONFIRM_LIMIT, clientIp);
      return confirmations.confirm(token);
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
