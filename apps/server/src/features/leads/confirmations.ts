import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { CONFIRM_MESSAGES, CONFIRMATION, type ConfirmResult } from "@vestin/shared/form-guard";
import type { ConfirmedLeadKind } from "@vestin/shared/lead-kinds";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { randomToken, sha256 } from "../../lib/ids.ts";
import { MAIL_KIND, type JobQueue } from "../../lib/jobs/index.ts";
import {
  confirmationByHash,
  countUnverifiedBefore,
  deleteSpentConfirmations,
  deleteUnverifiedBefore,
  hasUnverified,
  insertConfirmation,
  markConfirmationUsed,
  markVerified,
  pendingLinkOf,
  takeMailSlot,
  takeMailSlotWithLink,
} from "./confirmations-repository.ts";
import { countConfirmedReferral, type ReferralList } from "./referrals.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The lead tables a confirmation covers, by kind, in the order a person meets them. */
export const CONFIRMED_TABLES = {
  presale: "presale_registrations",
  waitlist: "testnet_signups",
  "airdrop-claims": "pioneer_users",
} as const satisfies Record<ConfirmedLeadKind, keyof DB>;

const KINDS = Object.keys(CONFIRMED_TABLES) as ConfirmedLeadKind[];

/** The referral list (its key in referral links) of each kind of lead that has one. */
const REFERRAL_LIST_OF = { presale: "presale", waitlist: "testnet" } as const satisfies Record<Exclude<ConfirmedLeadKind, "airdrop-claims">, ReferralList>;

/** Marks the unverified leads of an address verified; answers the kinds that changed. */
async function verifyLeadsOf(db: Kysely<DB>, email: string, at: string, dailyBoosts: number): Promise<ConfirmedLeadKind[]> {
  const changed: ConfirmedLeadKind[] = [];
  for (const kind of KINDS) {
    if (!(await markVerified(db, CONFIRMED_TABLES[kind], email, at))) continue;
    changed.push(kind);
    // A confirmed address is when a referral counts (referrals.ts).
    if (kind !== "airdrop-claims") await countConfirmedReferral(db, REFERRAL_LIST_OF[kind], email, at, dailyBoosts);
  }
  return changed;
}

/** Which kinds of lead of an address still wait for its confirmation. */
async function unverifiedKindsOf(db: Kysely<DB>, email: string): Promise<ConfirmedLeadKind[]> {
  const waiting: ConfirmedLeadKind[] = [];
  for (const kind of KINDS) {
    if (await hasUnverified(db, CONFIRMED_TABLES[kind], email)) waiting.push(kind);
  }
  return waiting;
}

export type ConfirmationOutcome = "sent" | "throttled" | "verified";

/** The job that decides and sends a lead's confirmation e-mail (its data: ConfirmationRequest). */
export const CONFIRMATION_JOB = "leads.confirmation";

/**
 * A message written by the confirmation's job when it sends, from what the request stored: for an
 * e-mail that tells what the lead's transaction would have to read in a round trip of its own
 * (a presale registration's place in the queue). `compose` names a composer registered with
 * `composeLater`; `data` is what it needs besides the link.
 */
export type LaterMessage = { compose: string; data: Record<string, unknown> };

/** Writes a later message for an address when it is sent, with the confirmation link it carries. */
type Composer = (email: string, data: Record<string, unknown>, link: string) => Promise<MailMessage>;

/**
 * A lead's confirmation e-mail waiting for its decision: the address, the link's token, and the
 * message carrying that link, written by the request or (`later`) by the job when it sends.
 */
type ConfirmationRequest = { email: string; token: string; message?: MailMessage; later?: LaterMessage };

type Deps = {
  database: Database;
  /** Sends through the job queue (a new link asked for). */
  mailer: Mailer;
  /** Sends at once (SMTP or the outbox): the confirmation job's own send, retried by the job. */
  directMailer: Mailer;
  jobs: JobQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
  referralDailyBoosts: number;
};

/**
 * Verified leads. A presale, waitlist or claim submission asks for a confirmation: the
 * form's e-mail goes out with a single-use link to /confirm, at most once per address per hour
 * (an atomic upsert on confirmation_mail_log, so two servers cannot both send). The link confirms
 * the address: opening it marks every unverified lead of that address verified. A submission whose
 * e-mail is held back by the hourly limit is covered by the link already on its way; if that link
 * was opened within the hour, the person has just proved the address and the new lead is verified
 * when its request is decided (otherwise it could never be).
 *
 * A lead's transaction stores only its request (a job holding the address, a new link's token and
 * the message carrying the link, or what its composer writes it from: blind inserts, so on
 * PostgreSQL a lead's transaction is one statement committed with others). The job decides in a
 * transaction of its own, in the order the requests are worked: it takes the hour's slot and
 * stores the link, or finds the hour's link still unused (held back), or used (the lead is
 * verified). Then it sends the message when the slot was its own; a send that fails is tried
 * again, and the stored link shows that the decision was made.
 */
export function createConfirmations({ database, mailer, directMailer, jobs, publicUrl, log, referralDailyBoosts }: Deps) {
  const { db } = database;

  /** The address a link's token opens. */
  const linkOf = (token: string) => `${publicUrl}/confirm?token=${encodeURIComponent(token)}`;

  /** A new link: its token (e-mailed; the link keeps only its hash) and the address it opens. */
  function newLink(): { token: string; link: string } {
    const token = randomToken(32);
    return { token, link: linkOf(token) };
  }

  const composers = new Map<string, Composer>();

  /** The message a request stored, or the one its composer writes now. */
  async function messageOf({ email, token, message, later }: ConfirmationRequest): Promise<MailMessage> {
    if (message) return message;
    const compose = later && composers.get(later.compose);
    // A job stored by a server that knows a composer this one does not: failed, and retried (by a
    // server that knows it, during a rolling deploy).
    if (!later || !compose) throw new Error(`no composer "${later?.compose}" for a confirmation e-mail`);
    return compose(email, later.data, linkOf(token));
  }

  /**
   * Decides in `q` whether the address's e-mail goes out now. "sent": the hour's slot is taken and
   * the link stored, and the caller sends the message. Otherwise the address had its e-mail this
   * hour: "throttled" when that link is still unused (it covers this lead too), "verified" when it
   * was opened within the hour (the address is proven: its unverified leads are verified now).
   */
  async function decide(q: Kysely<DB>, email: string, token: string): Promise<ConfirmationOutcome> {
    const { link, cutoff } = newLinkRow(email, token);
    return (await takeSlotWithLink(q, link, cutoff)) ? "sent" : heldBack(q, email, link.created_at);
  }

  /**
   * Takes the address's hour slot and, when it was free, stores the link; true then. One statement
   * on PostgreSQL (its own transaction when `q` is not one); two on SQLite, which has no insert
   * inside a WITH, in the caller's transaction.
   */
  async function takeSlotWithLink(q: Kysely<DB>, link: ReturnType<typeof newLinkRow>["link"], cutoff: string): Promise<boolean> {
    if (database.dialect === "postgres") return takeMailSlotWithLink(q, link, cutoff);
    if (!(await takeMailSlot(q, link.email, link.created_at, cutoff))) return false;
    await insertConfirmation(q, link);
    return true;
  }

  /** The stored form of a link made now, and the moment before which the address's last e-mail no longer counts. */
  function newLinkRow(email: string, token: string) {
    const now = Date.now();
    const created_at = new Date(now).toISOString();
    const link = { token_hash: sha256(token), email, created_at, expires_at: new Date(now + CONFIRMATION.linkValidDays * DAY_MS).toISOString(), used_at: null };
    return { link, cutoff: new Date(now - CONFIRMATION.mailIntervalMs).toISOString() };
  }

  /** The address had its e-mail this hour: its link covers this lead, or was opened and the lead is verified now. */
  async function heldBack(q: Kysely<DB>, email: string, now: string): Promise<ConfirmationOutcome> {
    if (await pendingLinkOf(q, email, now)) {
      log.info({ to: email }, "confirmation e-mail held back (one per hour): the link already sent covers this lead");
      return "throttled";
    }
    await verifyLeadsOf(q, email, now, referralDailyBoosts);
    log.info({ to: email }, "confirmation e-mail held back (one per hour): the address was confirmed within the hour, lead verified");
    return "verified";
  }

  /**
   * A request's first decision. On PostgreSQL the usual outcome (the slot free: take it, store the
   * link) is one statement with no transaction around it; only a held-back request opens one.
   */
  async function decideFirst(email: string, token: string): Promise<ConfirmationOutcome> {
    if (database.dialect !== "postgres") return db.transaction().execute((trx) => decide(trx, email, token));
    const { link, cutoff } = newLinkRow(email, token);
    return (await takeSlotWithLink(db, link, cutoff)) ? "sent" : db.transaction().execute((trx) => heldBack(trx, email, link.created_at));
  }

  jobs.define<ConfirmationRequest>(
    CONFIRMATION_JOB,
    async (request, { attempt }) => {
      const { email, token } = request;
      // On a later try, a stored link is this request's decision made by an earlier try whose send
      // failed (or whose server died). Every claim of a job counts a try on both queues, so a
      // first try has no earlier decision to look for.
      const decidedBefore = async (trx: Kysely<DB>) => (await confirmationByHash(trx, sha256(token))) !== undefined;
      const outcome =
        attempt === 1
          ? await decideFirst(email, token)
          : await db.transaction().execute(async (trx) => ((await decidedBefore(trx)) ? "sent" : decide(trx, email, token)));
      if (outcome === "sent") await directMailer.send(await messageOf(request));
    },
    MAIL_KIND,
  );

  /**
   * Sends `mail(link)` with a fresh confirmation link, unless the address had its e-mail this
   * hour; answers which. A new link asked for: decided now, in a transaction of its own, and its
   * e-mail stored as a job in it.
   */
  async function request(email: string, mail: (link: string) => MailMessage): Promise<ConfirmationOutcome> {
    const { token, link } = newLink();
    return db.transaction().execute(async (trx) => {
      const outcome = await decide(trx, email, token);
      if (outcome === "sent") await mailer.send(mail(link), { trx });
      return outcome;
    });
  }

  /**
   * Asks for a lead's confirmation in `trx`, the transaction that stores the lead: the request is
   * stored with it or not at all, so an acknowledged lead never loses its e-mail, and decided by
   * its job once the lead is committed.
   */
  async function requestFor(trx: Kysely<DB>, email: string, mail: ((link: string) => MailMessage) | LaterMessage): Promise<void> {
    const { token, link } = newLink();
    const written = typeof mail === "function" ? { message: mail(link) } : { later: mail };
    await jobs.send<ConfirmationRequest>(CONFIRMATION_JOB, { email, token, ...written }, { trx });
  }

  return {
    request,
    requestFor,

    /** Registers the composer of the later messages named `name` (see LaterMessage). */
    composeLater(name: string, composer: Composer): void {
      composers.set(name, composer);
    },

    /**
     * Opens a link once: an unknown, expired or used link changes nothing (400, 400, 409). The
     * link is marked used and the address's leads verified in one transaction.
     */
    async confirm(token: string): Promise<ConfirmResult> {
      const hash = sha256(token);
      const row = await confirmationByHash(db, hash);
      if (!row) throw badRequest(CONFIRM_MESSAGES.invalid, { token: CONFIRM_MESSAGES.invalid });
      if (row.used_at) throw new AppError(409, CONFIRM_MESSAGES.used, { token: CONFIRM_MESSAGES.used });
      const now = new Date().toISOString();
      if (row.expires_at <= now) throw badRequest(CONFIRM_MESSAGES.expired, { token: CONFIRM_MESSAGES.expired });
      return db.transaction().execute(async (trx) => {
        // Opened twice at the same moment: the second one sees the link used.
        if (!(await markConfirmationUsed(trx, hash, now))) throw new AppError(409, CONFIRM_MESSAGES.used, { token: CONFIRM_MESSAGES.used });
        return { confirmed: await verifyLeadsOf(trx, row.email, now, referralDailyBoosts), confirmedAt: now };
      });
    },

    /**
     * "Send me a new link" from an expired link's page: the address of an expired, unused link that
     * still has unverified leads, and those kinds (for the e-mail); undefined for anything else (an
     * unknown, used or still valid link, or nothing left to confirm), which the caller answers
     * alike. The e-mail itself goes through request(), so the one-per-hour limit holds.
     */
    async expiredLink(token: string): Promise<{ email: string; waiting: ConfirmedLeadKind[] } | undefined> {
      const row = await confirmationByHash(db, sha256(token));
      if (!row || row.used_at || row.expires_at > new Date().toISOString()) return undefined;
      const waiting = await unverifiedKindsOf(db, row.email);
      return waiting.length ? { email: row.email, waiting } : undefined;
    },

    /**
     * Unverified leads made before `cutoff`, counted or deleted; with deletion, expired links, spent
     * mail slots and the rest go too.
     */
    async purgeUnverified(cutoff: string, dryRun: boolean): Promise<Record<ConfirmedLeadKind, number>> {
      const counts = {} as Record<ConfirmedLeadKind, number>;
      for (const kind of KINDS) {
        const table = CONFIRMED_TABLES[kind];
        counts[kind] = dryRun ? await countUnverifiedBefore(db, table, cutoff) : await deleteUnverifiedBefore(db, table, cutoff);
      }
      if (!dryRun) {
        const now = new Date();
        await deleteSpentConfirmations(db, now.toISOString(), new Date(now.getTime() - CONFIRMATION.mailIntervalMs).toISOString());
      }
      return counts;
    },
  };
}

export type Confirmations = ReturnType<typeof createConfirmations>;
