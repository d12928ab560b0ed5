import type { Kysely } from "kysely";
import {
  NEWSLETTER_CONSENT,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  type ConfirmAnswer,
  type ConsentSource,
  type Subscriber,
  type SubscriberStats,
  type UnsubscribeAnswer,
  type UnsubscribeInfo,
} from "@vestin/shared/newsletter";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { newId, nowIso, randomToken, sha256 } from "../../lib/ids.ts";
import { MAIL_KIND, type JobQueue } from "../../lib/jobs/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { confirmationEmail } from "./mail.ts";
import { consentRow, newsletterRepository, type SubscriberFilter, type SubscriberRow } from "./repository.ts";
import { askToConfirm, awaitsLink, deleteSubscriber, markConfirmed, markUnsubscribed } from "./subscriptions-repository.ts";
import { emailHash, maskEmail, type NewsletterKeys } from "./tokens.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who asked, where, and with which words (kept in the consent record). */
export type ConsentContext = { source: ConsentSource; page: string | null; ip: string | undefined; wording?: { version: string; text: string } };

type Deps = {
  database: Database;
  jobs: JobQueue;
  /** Sends at once (SMTP or the outbox): the confirmation job's own send, retried by the job. */
  directMailer: Mailer;
  keys: NewsletterKeys;
  publicUrl: string;
};

/** The job that sends a subscription's confirmation e-mail when its link is still awaited (its data: ConfirmationMail). */
export const NEWSLETTER_CONFIRMATION_JOB = "newsletter.confirmation";

/** A confirmation e-mail waiting for its job: the address and its link's token (the message is written when it is sent). */
type ConfirmationMail = { email: string; token: string };

export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    source: row.source as Subscriber["source"],
    sourcePage: row.source_page,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

/**
 * Subscriptions: double opt-in, confirmation, withdrawal, and the consent record of each step.
 * The confirmation e-mail is stored as a job in the same transaction as the subscription, so a
 * subscription asked for always has its e-mail on its way.
 */
export function createSubscriptions({ database, jobs, directMailer, keys, publicUrl }: Deps) {
  const { db } = database;
  const repo = newsletterRepository(db);

  const confirmLink = (token: string) => `${publicUrl}${NEWSLETTER_PATHS.confirm}?token=${token}`;

  /**
   * The double opt-in e-mail, written and sent by its job only while its link is the one the
   * subscriber waits on: askToConfirm stored it, no later request replaced it, and the
   * subscription is still pending. A request held back by the hourly limit, or one for a confirmed
   * address, stores its link nowhere, so its e-mail is not sent.
   */
  jobs.define<ConfirmationMail>(
    NEWSLETTER_CONFIRMATION_JOB,
    async ({ email, token }) => {
      if (await awaitsLink(db, email, sha256(token))) await directMailer.send(confirmationEmail(email, confirmLink(token)));
    },
    MAIL_KIND,
  );

  /**
   * Asks `email` to confirm, unless it is confirmed already or had a confirmation e-mail within the
   * hour (askToConfirm decides). The e-mail's job is stored first, with the new link: the job sends
   * it if the decision stored that link (the job holds the token and writes the message itself,
   * so the request stores a few bytes, not the e-mail). The answer is the same whatever the
   * address's state.
   */
  async function request(trx: Kysely<DB>, email: string, consent: ConsentContext): Promise<void> {
    const now = new Date();
    const at = now.toISOString();
    const token = randomToken();
    await jobs.send<ConfirmationMail>(NEWSLETTER_CONFIRMATION_JOB, { email, token }, { trx });
    const wording = consent.wording ?? NEWSLETTER_CONSENT;
    await askToConfirm(
      trx,
      database.dialect,
      {
        id: newId(),
        email,
        status: "pending",
        source: consent.source,
        source_page: consent.page,
        confirm_token_hash: sha256(token),
        confirm_expires_at: new Date(now.getTime() + NEWSLETTER_LIMITS.confirmLinkDays * DAY_MS).toISOString(),
        confirm_mail_sent_at: at,
        created_at: at,
        confirmed_at: null,
        unsubscribed_at: null,
        updated_at: at,
      },
      new Date(now.getTime() - NEWSLETTER_LIMITS.confirmMailIntervalMs).toISOString(),
      // The consent this request gives, recorded with the wording the person saw.
      consentRow({
        email,
        action: "given",
        source: consent.source,
        page: consent.page,
        wordingVersion: wording.version,
        wording: wording.text,
        ipHash: keys.ipHash(consent.ip),
        at,
      }),
    );
  }

  async function withdraw(trx: Kysely<DB>, row: SubscriberRow, source: string, ip: string | undefined): Promise<boolean> {
    const at = nowIso();
    if (!(await markUnsubscribed(trx, row.id, at))) return false;
    await newsletterRepository(trx).recordConsent({ email: row.email, action: "withdrawn", source, page: null, ipHash: keys.ipHash(ip), at });
    return true;
  }

  function readToken(token: string) {
    const read = keys.readUnsubscribeToken(token);
    if (!read.ok) throw badRequest(read.reason === "expired" ? NEWSLETTER_MESSAGES.unsubscribeExpired : NEWSLETTER_MESSAGES.unsubscribeInvalid);
    return read.subscriberId;
  }

  async function subscriberOfToken(token: string): Promise<SubscriberRow> {
    const row = await repo.byId(readToken(token));
    if (!row) throw badRequest(NEWSLETTER_MESSAGES.unsubscribeInvalid);
    return row;
  }

  return {
    /** Asks for a confirmation in one transaction; `before` runs first in it (the public form spends its form token there). */
    request: (email: string, consent: ConsentContext, before?: (trx: Kysely<DB>) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        if (before) await before(trx);
        return request(trx, email, consent);
      }),

    async confirm(token: string, ip: string | undefined): Promise<ConfirmAnswer> {
      const row = await repo.byTokenHash(sha256(token));
      if (!row) throw badRequest(NEWSLETTER_MESSAGES.confirmInvalid);
      if (row.status === "confirmed") return { status: "already-confirmed", message: NEWSLETTER_MESSAGES.alreadyConfirmed };
      if (!row.confirm_expires_at || row.confirm_expires_at < nowIso()) throw badRequest(NEWSLETTER_MESSAGES.confirmExpired);
      const confirmed = await db.transaction().execute(async (trx) => {
        const at = nowIso();
        if (!(await markConfirmed(trx, row.id, at))) return false;
        await newsletterRepository(trx).recordConsent({
          email: row.email,
          action: "confirmed",
          source: row.source,
          page: row.source_page,
          ipHash: keys.ipHash(ip),
          at,
        });
        return true;
      });
      return confirmed
        ? { status: "confirmed", message: NEWSLETTER_MESSAGES.confirmed }
        : { status: "already-confirmed", message: NEWSLETTER_MESSAGES.alreadyConfirmed };
    },

    async unsubscribeInfo(token: string): Promise<UnsubscribeInfo> {
      const row = await subscriberOfToken(token);
      return { email: maskEmail(row.email), status: row.status };
    },

    /** One POST, no sign-in: the signed token is the proof (RFC 8058's one-click, or the page's button). */
    async unsubscribe(token: string, source: "one-click" | "unsubscribe-page", ip: string | undefined): Promise<UnsubscribeAnswer> {
      const row = await subscriberOfToken(token);
      const changed = await db.transaction().execute((trx) => withdraw(trx, row, source, ip));
      return changed
        ? { status: "unsubscribed", message: NEWSLETTER_MESSAGES.unsubscribed }
        : { status: "already-unsubscribed", message: NEWSLETTER_MESSAGES.alreadyUnsubscribed };
    },

    /** A signed-in person's own choice (account settings): withdraws with a record; no-op when not subscribed. */
    async withdrawByEmail(email: string, source: ConsentSource, ip: string | undefined): Promise<void> {
      const row = await repo.byEmail(email);
      if (row) await db.transaction().execute((trx) => withdraw(trx, row, source, ip));
    },

    statusOf: async (email: string) => (await repo.byEmail(email))?.status ?? null,

    async list(filter: SubscriberFilter, page: number, limit: number) {
      const { rows, total } = await repo.list(filter, page, limit);
      return { data: rows.map(toSubscriber), total, page, limit, pages: Math.ceil(total / limit) };
    },

    all: async (filter: SubscriberFilter) => (await repo.all(filter)).map(toSubscriber),

    async stats(now = new Date()): Promise<SubscriberStats> {
      const days = 90;
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
      const changes = await repo.changesSince(start.toISOString());
      const joined = new Map(changes.joined.map((r) => [r.day, r.n]));
      const left = new Map(changes.left.map((r) => [r.day, r.n]));
      let confirmed = changes.confirmedBefore;
      const series = Array.from({ length: days }, (_, i) => {
        const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        const j = joined.get(date) ?? 0;
        const l = left.get(date) ?? 0;
        confirmed += j - l;
        return { date, confirmed, joined: j, left: l };
      });
      return { counts: await repo.counts(), days: series };
    },

    /** Everything held about an address (privacy export): the subscription and its consent records. */
    async personalData(email: string) {
      const row = await repo.byEmail(email);
      return { subscription: row ? toSubscriber(row) : null, consents: await repo.consentsOf(email) };
    },

    /**
     * Erasure: the subscription, its deliveries and its consent records go; one record stays, by the
     * address's hash only, that consent was withdrawn (so an old import cannot bring the address back unnoticed).
     */
    async erase(email: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await newsletterRepository(trx).byEmail(email);
        const consents = await newsletterRepository(trx).consentsOf(email);
        if (!row && consents.length === 0) return false;
        await deleteSubscriber(trx, row?.id ?? null, emailHash(email));
        await newsletterRepository(trx).recordConsent({ email, action: "withdrawn", source: "erasure", ipHash: null, at: nowIso() });
        return true;
      });
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
