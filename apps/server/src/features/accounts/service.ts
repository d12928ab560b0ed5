import { hash, verify } from "@node-rs/argon2";
import type { FastifyBaseLogger } from "fastify";
import { ACCOUNT_MESSAGES, type RegisterInput, type Session, type User } from "@vestin/shared/accounts";
import type { Attribution } from "@vestin/shared/attribution";
import { TWO_FACTOR_MESSAGES, type TwoFactorChallenge, type TwoFactorVerifyInput } from "@vestin/shared/two-factor";
import type { TwoFactorService } from "../two-factor/service.ts";
import { FRESH_SIGN_IN_MINUTES, ME_MESSAGES, type AccountSettings, type SessionInfo } from "@vestin/shared/me";
import { UAParser } from "ua-parser-js";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized, unavailable } from "../../lib/errors.ts";
import { isoIn, newId, nowIso, randomToken, sha256 } from "../../lib/ids.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { LIMITS, type RateLimiter } from "../../lib/rate-limit.ts";
import type { FormGuard } from "../form-guard/service.ts";
import type { ConsentsService } from "../consents/service.ts";
import { attributionColumns, attributionOf } from "../attribution/columns.ts";
import { GoogleRefusedError, googleSignIn, newPkceVerifier, type GoogleIdentity } from "./google.ts";
import { adminInviteEmail, passwordChangedEmail, passwordResetEmail } from "./mail.ts";
import { WatchedCache } from "../../lib/watched-cache.ts";
import { accountsRepository, type UserRow } from "./repository.ts";
import { SESSION_TTL_MS, sessionTokens } from "./tokens.ts";

export const RESET_TTL_MS = 60 * 60 * 1000;
/** An administrator's first password-set link lasts a day. */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Verified against when the e-mail is unknown, so both failures take the same time. */
const DUMMY_HASH = await hash("not-a-real-password", ARGON2);
const LAST_SEEN_EVERY_MS = 5 * 60_000;
/** A new account starts without two-factor sign-in (features/two-factor). */
const NO_SECOND_FACTOR = { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null } as const;

/** "Chrome 142 on macOS" and its parts, from the User-Agent a session signed in with. */
export function describeSession(
  row: { id: string; user_agent: string | null; created_at: string; last_seen_at: string | null },
  current: boolean,
): SessionInfo {
  const ua = new UAParser(row.user_agent ?? "").getResult();
  const browser = ua.browser.name ? [ua.browser.name, ua.browser.major].filter(Boolean).join(" ") : null;
  const os = ua.os.name ? [ua.os.name, ua.os.name === "Mac OS" ? "" : ua.os.version?.split(".")[0]].filter(Boolean).join(" ").replace("Mac OS", "macOS") : null;
  const type = ua.device.type === "mobile" || ua.device.type === "tablet" ? ua.device.type : browser ? "desktop" : "other";
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os ?? "Unknown device");
  return { id: row.id, device, browser, os, deviceType: type, createdAt: row.created_at, lastSeenAt: row.last_seen_at ?? row.created_at, current };
}

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

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e.message ?? "");
}

type Deps = {
  database: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  formGuard: FormGuard;
  consents: ConsentsService;
  twoFactor: TwoFactorService;
};

/** Who is signing in, for the session's device and the consent record's IP hash. */
export type Client = { ip: string; userAgent?: string | undefined };

export function createAccountsService({ database, config, mailer, limiter, log, formGuard, consents, twoFactor }: Deps) {
  const repo = accountsRepository(database.db);
  /**
   * The live session behind a token, read on every signed-in request, kept until its session or
   * any user row changes (a logout, a password reset, an admin's edit), on this server or another.
   */
  const sessions = new WatchedCache<Awaited<ReturnType<typeof repo.findLiveSession>>>(
    database.changes,
    { sessions: (key) => key, users: () => null },
    { maxEntries: 20_000, ttlMs: 60_000 },
  );
  const tokens = sessionTokens(config.jwtSecret);
  const google = config.google ? googleSignIn({ ...config.google, redirectUri: `${config.publicUrl}/auth/callback` }) : undefined;
  if (google?.configurationError) log.error(`Google OAuth configuration error: ${google.configurationError}`);

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

  /**
   * A session's "last seen" for the sessions list: written at most every five minutes per session
   * and never waited for, so a signed-in request costs no write.
   */
  const lastSeenWrites = new Map<string, number>();
  function seen(sessionId: string): void {
    const now = Date.now();
    if (now - (lastSeenWrites.get(sessionId) ?? 0) < LAST_SEEN_EVERY_MS) return;
    if (lastSeenWrites.size > 50_000) lastSeenWrites.clear();
    lastSeenWrites.set(sessionId, now);
    repo.touchSession(sessionId, new Date(now).toISOString()).catch((err: unknown) => log.warn({ err }, "could not record when a session was last seen"));
  }

  async function ownRow(user: User): Promise<UserRow> {
    const row = await repo.findUserById(user._id);
    if (!row) throw unauthorized(ACCOUNT_MESSAGES.tokenInvalid);
    return row;
  }

  function toSettings(row: UserRow): AccountSettings {
    return {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      hasPassword: Boolean(row.password_hash),
      signsInWithGoogle: Boolean(row.google_sub),
      newsletter: row.newsletter_opt_in === 1,
      newsletterChangedAt: row.newsletter_changed_at,
      // The subscription lives with the newsletter; /me answers fill it in.
      newsletterStatus: null,
      createdAt: row.created_at,
    };
  }

  /** A session, or first the second step when the person has two-factor sign-in on (unless this device is remembered). */
  async function signedIn(row: UserRow, userAgent: string | undefined, deviceToken?: string): Promise<Session | TwoFactorChallenge> {
    if (await twoFactor.needsSecondStep(row.id, deviceToken)) return twoFactor.challenge(row.id, userAgent);
    return openSession(row, userAgent);
  }

  function googleOrUnavailable() {
    if (!google || google.configurationError) throw unavailable(ACCOUNT_MESSAGES.googleNotConfigured);
    return google;
  }

  /**
   * Google sign-in links to the account with the same verified e-mail, else creates one; a new
   * account keeps the attribution the browser sent with the sign-in (an existing one keeps its own).
   */
  async function signInWithGoogle(identity: GoogleIdentity, client: Client, attribution?: Attribution): Promise<Session | TwoFactorChallenge> {
    const { userAgent } = client;
    const bySub = await repo.findUserByGoogleSub(identity.sub);
    if (bySub) return signedIn(bySub, userAgent);
    if (!identity.email) throw new AppError(401, "Google did not share an e-mail address for this account.");
    const byEmail = await repo.findUserByEmail(identity.email);
    if (byEmail) {
      if (!identity.emailVerified) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      await repo.linkGoogle(byEmail.id, identity.sub);
      return signedIn({ ...byEmail, google_sub: identity.sub }, userAgent);
    }
    const now = nowIso();
    const [first, ...rest] = (identity.name ?? "").trim().split(/\s+/);
    const row: UserRow = {
      id: newId(),
      first_name: identity.givenName ?? first ?? "",
      last_name: identity.familyName ?? rest.join(" "),
      email: identity.email,
      password_hash: null,
      role: "user",
      google_sub: identity.sub,
      newsletter_opt_in: 0,
      newsletter_changed_at: null,
      ...NO_SECOND_FACTOR,
      ...attributionColumns(attribution),
      created_at: now,
      updated_at: now,
    };
    try {
      // The new account and its acceptance of the terms (the sentence under the Google button) commit together.
      await database.db.transaction().execute(async (trx) => {
        await accountsRepository(trx).insertUser(row);
        await consents.recordAccountTerms(trx, { userId: row.id, email: row.email, ip: client.ip, at: now }, { via: "google" });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      throw err;
    }
    return openSession(row, userAgent);
  }

  return {
    googleAvailable: () => Boolean(google && !google.configurationError),

    async register(input: RegisterInput, clientIp: string, userAgent?: string): Promise<Session> {
      await limiter.consume(LIMITS.registration, clientIp);
      const ticket = await formGuard.check("signup", input, clientIp);
      if (await repo.findUserByEmail(input.email)) throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        password_hash: await hash(input.password, ARGON2),
        role: "user",
        google_sub: null,
        newsletter_opt_in: input.subscribeNewsletter ? 1 : 0,
        newsletter_changed_at: input.subscribeNewsletter ? now : null,
        ...NO_SECOND_FACTOR,
        ...attributionColumns(input.attribution),
        created_at: now,
        updated_at: now,
      };
      try {
        // The form token is spent with the account it let in (a refused insert leaves it usable),
        // and the account never exists without the record of the terms and privacy policy it accepted.
        await database.db.transaction().execute(async (trx) => {
          if (ticket) await formGuard.spend(trx, ticket);
          await accountsRepository(trx).insertUser(row);
          await consents.recordAccountTerms(
            trx,
            { userId: row.id, email: row.email, ip: clientIp, at: now },
            { via: "signup", checkbox: input.agreeToTerms === true },
          );
        });
      } catch (err) {
        // Two registrations racing for one address: the loser gets the same 409.
        if (isUniqueViolation(err)) throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
        throw err;
      }
      return openSession(row, userAgent);
    },

    async login(email: string, password: string, clientIp: string, userAgent?: string, deviceToken?: string): Promise<Session | TwoFactorChallenge> {
      const key = `${clientIp}|${email}`;
      await limiter.check(LIMITS.failedLogin, key);
      const row = await repo.findUserByEmail(email);
      const ok = await verify(row?.password_hash ?? DUMMY_HASH, password).catch(() => false);
      if (!row || !row.password_hash || !ok) {
        await limiter.record(LIMITS.failedLogin, key);
        throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      }
      return signedIn(row, userAgent, deviceToken);
    },

    /**
     * The user behind a bearer token, when the token is genuine and its session live. `fresh`
     * reads the session from the database even when it is kept in memory.
     */
    async authenticate(token: string, { fresh }: { fresh: boolean }): Promise<{ user: User; sessionId: string; twoFactorOn: boolean } | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const read = () => repo.findLiveSession(claims.sessionId);
      const row = await (fresh ? read() : sessions.get(claims.sessionId, read));
      // Expiry is checked here too: a kept session outlives its expiry in memory, not in effect.
      if (!row || row.id !== claims.userId || row.expires_at <= nowIso()) return undefined;
      seen(claims.sessionId);
      // Whether the person signs in with a second step comes with the session's row (the console needs it).
      return { user: toUser(row), sessionId: claims.sessionId, twoFactorOn: row.totp_enabled_at !== null };
    },

    logout: (sessionId: string) => repo.revokeSession(sessionId),

    /** The second step of a sign-in: a right code for the challenge opens the session (and may remember the device). */
    async completeTwoFactor(input: TwoFactorVerifyInput, userAgent?: string): Promise<Session & { deviceToken: string | null }> {
      const { userId, deviceToken } = await twoFactor.verifyChallenge(input, userAgent);
      const row = await repo.findUserById(userId);
      if (!row) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
      return { ...(await openSession(row, userAgent)), deviceToken };
    },

    async forgotPassword(email: string, clientIp: string): Promise<void> {
      await limiter.consume(LIMITS.passwordReset, clientIp);
      const row = await repo.findUserByEmail(email);
      if (!row) return;
      const token = randomToken(32);
      await repo.insertPasswordReset({ token_hash: sha256(token), user_id: row.id, created_at: nowIso(), expires_at: isoIn(RESET_TTL_MS) });
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(row.email)}`;
      try {
        await mailer.send(passwordResetEmail(row.email, row.first_name, link));
      } catch (err) {
        // The answer stays the same either way (no account enumeration); the team sees the failure.
        log.error({ err, to: row.email }, "password reset e-mail could not be sent");
      }
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const userId = await repo.consumePasswordReset(sha256(token), await hash(password, ARGON2));
      if (!userId) throw new AppError(400, ACCOUNT_MESSAGES.resetLinkInvalid, { token: ACCOUNT_MESSAGES.resetLinkInvalid });
    },

    // The signed-in user's own account (/me)

    async settings(user: User): Promise<AccountSettings> {
      return toSettings(await ownRow(user));
    },

    async updateName(user: User, firstName: string, lastName: string): Promise<AccountSettings> {
      await ownRow(user);
      await repo.updateUser(user._id, { first_name: firstName, last_name: lastName, updated_at: nowIso() });
      return toSettings(await ownRow(user));
    },

    async setNewsletter(user: User, newsletter: boolean): Promise<AccountSettings> {
      const row = await ownRow(user);
      if ((row.newsletter_opt_in === 1) !== newsletter) {
        const now = nowIso();
        await repo.updateUser(user._id, { newsletter_opt_in: newsletter ? 1 : 0, newsletter_changed_at: now, updated_at: now });
      }
      return toSettings(await ownRow(user));
    },

    /**
     * Changes (or, for an account that signs in with Google only, sets) the password: the current
     * one is checked (failed tries count toward the sign-in limit), every other session is signed
     * out, and a notice is e-mailed with a link to reset it if it was not the owner.
     */
    async changePassword(
      user: User,
      sessionId: string,
      currentPassword: string | undefined,
      newPassword: string,
      clientIp: string,
    ): Promise<{ message: string }> {
      const row = await ownRow(user);
      if (row.password_hash) {
        const key = `${clientIp}|${row.email}`;
        await limiter.check(LIMITS.failedLogin, key);
        if (!currentPassword) throw badRequest(ME_MESSAGES.currentPasswordRequired, { currentPassword: ME_MESSAGES.currentPasswordRequired });
        if (!(await verify(row.password_hash, currentPassword).catch(() => false))) {
          await limiter.record(LIMITS.failedLogin, key);
          throw badRequest(ME_MESSAGES.wrongPassword, { currentPassword: ME_MESSAGES.wrongPassword });
        }
        if (currentPassword === newPassword) throw badRequest(ME_MESSAGES.samePassword, { newPassword: ME_MESSAGES.samePassword });
      }
      await repo.setPasswordAndSignOutOthers(row.id, await hash(newPassword, ARGON2), sessionId);
      const token = randomToken(32);
      await repo.insertPasswordReset({ token_hash: sha256(token), user_id: row.id, created_at: nowIso(), expires_at: isoIn(RESET_TTL_MS) });
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(row.email)}`;
      try {
        await mailer.send(passwordChangedEmail(row.email, row.first_name, link));
      } catch (err) {
        log.error({ err, to: row.email }, "password change notice could not be sent");
      }
      return { message: row.password_hash ? ME_MESSAGES.passwordChanged : ME_MESSAGES.passwordSet };
    },

    async sessions(user: User, currentSessionId: string): Promise<SessionInfo[]> {
      const rows = await repo.liveSessionsOf(user._id);
      return rows.map((r) => describeSession(r, r.id === currentSessionId));
    },

    /** Ends one of the user's own sessions (someone else's id: 404, nothing changed). */
    async endSession(user: User, sessionId: string): Promise<void> {
      if (!(await repo.revokeOwnSession(user._id, sessionId))) throw notFound(ME_MESSAGES.sessionNotFound);
    },

    endOtherSessions: (user: User, currentSessionId: string) => repo.revokeOtherSessions(user._id, currentSessionId),

    /**
     * Whether the person at the keyboard may delete this account: the e-mail typed out, and the
     * password, or for an account without one a sign-in within the last minutes.
     */
    async confirmDeletion(user: User, sessionId: string, email: string, password: string | undefined, clientIp: string): Promise<UserRow> {
      const row = await ownRow(user);
      if (email.trim().toLowerCase() !== row.email) throw badRequest(ME_MESSAGES.deleteEmailMismatch, { email: ME_MESSAGES.deleteEmailMismatch });
      if (row.password_hash) {
        const key = `${clientIp}|${row.email}`;
        await limiter.check(LIMITS.failedLogin, key);
        if (!password || !(await verify(row.password_hash, password).catch(() => false))) {
          await limiter.record(LIMITS.failedLogin, key);
          throw badRequest(ME_MESSAGES.wrongPassword, { password: ME_MESSAGES.wrongPassword });
        }
        return row;
      }
      const session = await repo.sessionById(sessionId);
      if (!session || Date.parse(session.created_at) < Date.now() - FRESH_SIGN_IN_MINUTES * 60_000) throw forbidden(ME_MESSAGES.freshSignInRequired);
      return row;
    },

    /** Sessions with their devices, for a person's own data export. */
    async sessionsForExport(user: User) {
      return (await repo.liveSessionsOf(user._id)).map((r) => describeSession(r, false));
    },

    // Administration (admin console and command line)

    async listUsers(q: { search?: string | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.listUsers(q);
      return { items: rows.map(toUser), total, pages: Math.ceil(total / q.limit) };
    },

    async userById(id: string): Promise<(User & { activeSessions: number }) | undefined> {
      const row = await repo.findUserById(id);
      if (!row) return undefined;
      return { ...toUser(row), activeSessions: await repo.countLiveSessions(id) };
    },

    revokeAllSessions: (userId: string) => repo.revokeAllSessions(userId),

    /** Creates an administrator with no password and e-mails a one-time link to set one. */
    async createAdmin(input: { email: string; firstName: string; lastName: string }): Promise<{ user: User; link: string }> {
      const email = input.email.trim().toLowerCase();
      const existing = await repo.findUserByEmail(email);
      if (existing) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        first_name: input.firstName,
        last_name: input.lastName,
        email,
        password_hash: null,
        newsletter_changed_at: null,
        ...NO_SECOND_FACTOR,
        role: "admin",
        google_sub: null,
        newsletter_opt_in: 0,
        ...attributionColumns(undefined),
        created_at: now,
        updated_at: now,
      };
      await repo.insertUser(row);
      const token = randomToken(32);
      await repo.insertPasswordReset({ token_hash: sha256(token), user_id: row.id, created_at: now, expires_at: isoIn(INVITE_TTL_MS) });
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
      await mailer.send(adminInviteEmail(email, input.firstName, link));
      return { user: toUser(row), link };
    },

    /** The account with this e-mail, if any (the command line's lookups). */
    findByEmail: async (email: string): Promise<User | undefined> => {
      const row = await repo.findUserByEmail(email.trim().toLowerCase());
      return row ? toUser(row) : undefined;
    },

    async setRole(email: string, role: "user" | "admin"): Promise<User> {
      const row = await repo.findUserByEmail(email.trim().toLowerCase());
      if (!row) throw new AppError(404, `No account uses ${email}`);
      await repo.setRole(row.id, role);
      // A demoted admin's open sessions end, so the old role cannot linger in a browser.
      if (role === "user") await repo.revokeAllSessions(row.id);
      return toUser({ ...row, role });
    },

    /** What the accounts area holds about one e-mail address (privacy export). */
    async personalData(email: string) {
      const row = await repo.findUserByEmail(email.trim().toLowerCase());
      if (!row) return null;
      return {
        user: {
          ...toUser(row),
          signsInWithGoogle: Boolean(row.google_sub),
          hasPassword: Boolean(row.password_hash),
          newsletterOptIn: Boolean(row.newsletter_opt_in),
          updatedAt: row.updated_at,
          attribution: attributionOf(row),
        },
        sessions: await repo.sessionsOf(row.id),
      };
    },

    /** Deletes the account of one e-mail address (its sessions, enrolments and certificates go with it). */
    async eraseByEmail(email: string): Promise<{ userId: string | null }> {
      const row = await repo.findUserByEmail(email.trim().toLowerCase());
      if (!row) return { userId: null };
      await repo.deleteUser(row.id);
      return { userId: row.id };
    },

    async googleAuthorizationUrl(): Promise<string> {
      const provider = googleOrUnavailable();
      const state = randomToken(24);
      const nonce = randomToken(24);
      const codeVerifier = newPkceVerifier();
      await repo.purgeExpiredOAuthStates();
      await repo.insertOAuthState({ state, nonce, code_verifier: codeVerifier, expires_at: isoIn(OAUTH_STATE_TTL_MS) });
      try {
        return await provider.authorizationUrl(state, nonce, codeVerifier);
      } catch (err) {
        log.error({ err }, "Google OpenID configuration could not be loaded");
        throw unavailable(ACCOUNT_MESSAGES.googleNotConfigured);
      }
    },

    async googleCallback(code: string, state: string, client: Client, attribution?: Attribution): Promise<Session | TwoFactorChallenge> {
      const provider = googleOrUnavailable();
      const pending = await repo.takeOAuthState(state);
      if (!pending) throw new AppError(400, "This sign-in attempt has expired. Please start again.", { state: "Unknown or expired state" });
      try {
        return await signInWithGoogle(await provider.exchangeCode(code, state, pending.nonce, pending.code_verifier), client, attribution);
      } catch (err) {
        if (err instanceof GoogleRefusedError) throw unauthorized(ACCOUNT_MESSAGES.googleRefused);
        throw err;
      }
    },

    async googleVerify(idToken: string, client: Client, attribution?: Attribution): Promise<Session | TwoFactorChallenge> {
      const provider = googleOrUnavailable();
      try {
        return await signInWithGoogle(await provider.verifyIdToken(idToken), client, attribution);
      } catch (err) {
        if (err instanceof GoogleRefusedError) throw unauthorized(ACCOUNT_MESSAGES.googleRefused);
        throw err;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
