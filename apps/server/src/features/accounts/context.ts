import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { ACCOUNT_MESSAGES, type Session, type User } from "@vestin/shared/accounts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { unauthorized } from "../../lib/errors.ts";
import { isoIn, newId, nowIso, randomToken, sha256 } from "../../lib/ids.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { ConsentsService } from "../consents/index.ts";
import type { FormGuard } from "../form-guard/index.ts";
import type { TwoFactorService } from "../two-factor/index.ts";
import { accountsRepository, type UserRow } from "./repository.ts";
import { SESSION_TTL_MS, sessionTokens } from "./tokens.ts";

export type AccountsDeps = {
  database: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  formGuard: FormGuard;
  consents: ConsentsService;
  twoFactor: TwoFactorService;
  /** Told of each account created by sign-up (form or Google), once its transaction committed (metrics). */
  accountRegistered?: () => void;
};

/** Who is signing in, for the session's device and the consent record's IP hash. */
export type Client = { ip: string; userAgent?: string | undefined };

/** A new account starts without two-factor sign-in (features/two-factor). */
export const NO_SECOND_FACTOR = { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null } as const;

export function toUser(row: Pick<UserRow, "id" | "first_name" | "last_name" | "email" | "role" | "created_at">): User {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
  };
}

/** What the parts of the accounts service (sign-in, sessions, passwords, own account, administration) share. */
export function accountsContext(deps: AccountsDeps) {
  const { database, config } = deps;
  const repo = accountsRepository(database.db);
  const tokens = sessionTokens(config.jwtSecret);

  async function openSession(row: UserRow, userAgent?: string): Promise<Session> {
    const sessionId = newId();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const now = nowIso();
    await repo.insertSession({
      id: sessionId,
      user_id: row.id,
      created_at: now,
      expires_at: expiresAt.toISOString(),
      user_agent: userAgent?.slice(0, 400) ?? null,
      last_seen_at: now,
    });
    return { token: await tokens.sign(row.id, sessionId, expiresAt), user: toUser(row) };
  }

  async function ownRow(user: User): Promise<UserRow> {
    const row = await repo.findUserById(user._id);
    if (!row) throw unauthorized(ACCOUNT_MESSAGES.tokenInvalid);
    return row;
  }

  /**
   * A one-time link to set the account's password (a reset, the notice of a change, an
   * administrator's invitation), valid `ttlMs`, and `mail(link)`, the e-mail that carries it: both
   * are written in `trx`, the transaction of the write that causes them, so the link and its
   * e-mail exist if and only if that write commits.
   */
  async function mailPasswordLink(trx: Kysely<DB>, row: Pick<UserRow, "id" | "email">, ttlMs: number, mail: (link: string) => MailMessage): Promise<string> {
    const token = randomToken(32);
    await accountsRepository(trx).insertPasswordReset({ token_hash: sha256(token), user_id: row.id, created_at: nowIso(), expires_at: isoIn(ttlMs) });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(row.email)}`;
    await deps.mailer.send(mail(link), { trx });
    return link;
  }

  /** Runs `work` in one transaction of the application's database. */
  return { ...deps, repo, tokens, openSession, ownRow, mailPasswordLink };
}

export type AccountsContext = ReturnType<typeof accountsContext>;
