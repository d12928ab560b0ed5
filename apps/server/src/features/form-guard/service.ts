import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { FORM_GUARD_LIMITS, FORM_GUARD_MESSAGES, honeypotFilled, type FormGuardInput, type FormTokenAnswer, type GuardedForm } from "@vestin/shared/form-guard";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { verifyChallenge } from "./challenge.ts";
import { isDisposableEmail } from "./disposable.ts";
import { formGuardRepository, isSpentNonce } from "./repository.ts";
import { checkFormToken, formTokenKey, signFormToken } from "./tokens.ts";

/** A submission that passed the checks; its token is spent with the row it lets in. */
export type GuardTicket = { nonce: string; form: GuardedForm; expiresAt: string };

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

type Deps = { config: Config; database: Database; log: FastifyBaseLogger };

const tokenError = (message: string) => badRequest(message, { formToken: message });

/**
 * The public forms' bot checks, in the order that costs least: the honeypot, the form token's
 * signature and age, whether it was spent already, a disposable address (where the form e-mails a
 * confirmation), and last the optional challenge (a call to the provider). FORM_GUARD=off skips all
 * of them. The API's rate limits are counted by each form's service before this runs.
 */
export function createFormGuard({ config, database, log }: Deps) {
  const enabled = config.formGuard;
  const challenge = enabled ? config.challenge : undefined;
  if (!config.formGuard && config.challenge) log.warn("FORM_GUARD=off: the configured challenge provider is not used either");
  const key = formTokenKey(config.jwtSecret);
  const repo = formGuardRepository(database.db);
  let lastCleanup = 0;

  async function cleanup(now: number): Promise<void> {
    if (now - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now;
    try {
      await repo.deleteExpired(new Date(now).toISOString());
    } catch (err) {
      log.warn({ err }, "could not delete expired form tokens");
    }
  }

  return {
    enabled,

    /** A fresh token for a form being shown, and the challenge it must show (if any). */
    issue(): FormTokenAnswer {
      return {
        token: signFormToken(key),
        minFillMs: enabled ? FORM_GUARD_LIMITS.minFillMs : 0,
        challenge: challenge ? { provider: challenge.provider, siteKey: challenge.siteKey } : null,
      };
    },

    /**
     * Refuses a submission that looks automated (400, or 503 when the challenge provider does not
     * answer); nothing is stored by then. `email` is checked against the disposable domains.
     */
    async check(form: GuardedForm, input: FormGuardInput, clientIp: string, options: { email?: string } = {}): Promise<GuardTicket | undefined> {
      if (!enabled) return undefined;
      if (honeypotFilled(input.website)) {
        log.info({ form, ip: clientIp }, "form refused: honeypot filled");
        throw badRequest(FORM_GUARD_MESSAGES.honeypot);
      }
      const now = Date.now();
      const token = checkFormToken(key, input.formToken, now);
      if (!token.ok) {
        log.info({ form, ip: clientIp, reason: token.reason }, "form refused: form token");
        throw tokenError(token.reason === "too-fast" ? FORM_GUARD_MESSAGES.tooFast : FORM_GUARD_MESSAGES.expired);
      }
      await cleanup(now);
      if (await repo.isSpent(token.nonce)) throw tokenError(FORM_GUARD_MESSAGES.reused);
      if (options.email && isDisposableEmail(options.email)) {
        throw badRequest(FORM_GUARD_MESSAGES.disposableEmail, { email: FORM_GUARD_MESSAGES.disposableEmail });
      }
      if (challenge) {
        if (!input.challengeToken) throw badRequest(FORM_GUARD_MESSAGES.challengeRequired, { challengeToken: FORM_GUARD_MESSAGES.challengeRequired });
        const verdict = await verifyChallenge(challenge, input.challengeToken, clientIp);
        if ("unavailable" in verdict) {
          log.error({ err: verdict.unavailable, provider: challenge.provider }, "the challenge provider did not answer");
          throw new AppError(503, FORM_GUARD_MESSAGES.challengeUnavailable, undefined, { "retry-after": "30" });
        }
        if (!verdict.passed) throw badRequest(FORM_GUARD_MESSAGES.challengeFailed, { challengeToken: FORM_GUARD_MESSAGES.challengeFailed });
      }
      return { nonce: token.nonce, form, expiresAt: new Date(token.expiresAt).toISOString() };
    },

    /**
     * Spends the ticket's token inside the transaction that stores the submission: a refused
     * submission (its transaction rolled back) leaves the token usable, an accepted one spends it.
     * The spend leaves with the transaction's next statement, so two servers racing with one token
     * see the second one's whole transaction fail: run it through `guarding`, which answers the
     * reuse text for it.
     */
    async spend(trx: Kysely<DB>, ticket: GuardTicket | undefined): Promise<void> {
      if (ticket)
        await formGuardRepository(trx).spend({ nonce: ticket.nonce, form: ticket.form, used_at: new Date().toISOString(), expires_at: ticket.expiresAt });
    },

    /** The transaction that spent a form token, answering the reuse text when the token was spent already. */
    async guarding<T>(transaction: Promise<T>): Promise<T> {
      try {
        return await transaction;
      } catch (err) {
        if (isSpentNonce(err)) throw tokenError(FORM_GUARD_MESSAGES.reused);
        throw err;
      }
    },

    /** Deletes spent tokens past their expiry (also done by the purge command). */
    deleteExpired: () => repo.deleteExpired(new Date().toISOString()),
  };
}

export type FormGuard = ReturnType<typeof createFormGuard>;
