import { ACCOUNT_MESSAGES, type RegisterInput, type Session } from "@vestin/shared/accounts";
import type { Attribution } from "@vestin/shared/attribution";
import { TWO_FACTOR_MESSAGES, type TwoFactorChallenge, type TwoFactorVerifyInput } from "@vestin/shared/two-factor";
import { AppError, conflict, isUniqueViolation, unauthorized, unavailable } from "../../lib/errors.ts";
import { isoIn, newId, nowIso, randomToken } from "../../lib/ids.ts";
import { LIMITS } from "../../lib/rate-limit.ts";
import { attributionColumns } from "../attribution/index.ts";
import { NO_SECOND_FACTOR, type AccountsContext, type Client } from "./context.ts";
import { GoogleRefusedError, googleSignIn, newPkceVerifier, type GoogleIdentity } from "./google.ts";
import { strongerAdminPasswordEmail } from "./mail.ts";
import { hashPassword, passwordMatches, RESET_TTL_MS } from "./passwords.ts";
import { adminPasswordProblem } from "./password-policy.ts";
import { accountsRepository, type UserRow } from "./repository.ts";

const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** An administrator signing in with a too-weak password is e-mailed a new link at most this often. */
const STRONGER_PASSWORD_MAIL_EVERY_MS = 15 * 60 * 1000;

/** Signing up and signing in: with a password, with Google, and the second step of two-factor sign-in. */
export function signIn({
  database,
  config,
  limiter,
  log,
  formGuard,
  consents,
  twoFactor,
  repo,
  openSession,
  mailPasswordLink,
  accountRegistered,
}: AccountsContext) {
  const google = config.google ? googleSignIn({ ...config.google, redirectUri: `${config.publicUrl}/auth/callback` }) : undefined;
  if (google?.configurationError) log.error(`Google OAuth configuration error: ${google.configurationError}`);

  /** A session, or first the second step when the person has two-factor sign-in on (unless this device is remembered). */
  async function signedIn(row: UserRow, userAgent: string | undefined, deviceToken?: string): Promise<Session | TwoFactorChallenge> {
    if (await twoFactor.needsSecondStep(row.id, deviceToken)) return twoFactor.challenge(row.id, userAgent);
    return openSession(row, userAgent);
  }

  /**
   * E-mails an administrator whose password is too weak a link to choose another, at most once per
   * STRONGER_PASSWORD_MAIL_EVERY_MS (each sign-in with the old password would send one otherwise).
   */
  async function mailStrongerPasswordLink(row: UserRow): Promise<void> {
    const latest = await repo.latestPasswordLinkAt(row.id);
    if (latest && Date.now() - Date.parse(latest) < STRONGER_PASSWORD_MAIL_EVERY_MS) return;
    try {
      // The link and its e-mail are stored together or not at all.
      await database.db
        .transaction()
        .execute((trx) => mailPasswordLink(trx, row, RESET_TTL_MS, (link) => strongerAdminPasswordEmail(row.email, row.first_name, link)));
    } catch (err) {
      log.error({ err, to: row.email }, "the link to choose a stronger administrator password could not be stored");
    }
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
    accountRegistered?.();
    return openSession(row, userAgent);
  }

  /** Runs a Google sign-in step, a refusal by Google answered as a 401. */
  async function fromGoogle(identity: () => Promise<GoogleIdentity>, client: Client, attribution?: Attribution): Promise<Session | TwoFactorChallenge> {
    try {
      return await signInWithGoogle(await identity(), client, attribution);
    } catch (err) {
      if (err instanceof GoogleRefusedError) throw unauthorized(ACCOUNT_MESSAGES.googleRefused);
      throw err;
    }
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
        password_hash: await hashPassword(input.password),
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
        await formGuard.guarding(
          database.db.transaction().execute(async (trx) => {
            await formGuard.spend(trx, ticket);
            await accountsRepository(trx).insertUser(row);
            await consents.recordAccountTerms(
              trx,
              { userId: row.id, email: row.email, ip: clientIp, at: now },
              { via: "signup", checkbox: input.agreeToTerms === true },
            );
          }),
        );
      } catch (err) {
        // Two registrations racing for one address: the loser gets the same 409.
        if (isUniqueViolation(err)) throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
        throw err;
      }
      accountRegistered?.();
      return openSession(row, userAgent);
    },

    async login(email: string, password: string, clientIp: string, userAgent?: string, deviceToken?: string): Promise<Session | TwoFactorChallenge> {
      const key = `${clientIp}|${email}`;
      await limiter.check(LIMITS.failedLogin, key);
      const row = await repo.findUserByEmail(email);
      const ok = await passwordMatches(row?.password_hash, password);
      if (!row?.password_hash || !ok) {
        await limiter.record(LIMITS.failedLogin, key);
        throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      }
      // An administrator's password that does not meet their rule (made one with a learner's
      // password, or before the rule) opens no session: the owner of the mailbox chooses a new one.
      if (row.role === "admin" && (await adminPasswordProblem(password, { email: row.email, firstName: row.first_name, lastName: row.last_name }))) {
        await mailStrongerPasswordLink(row);
        throw new AppError(403, ACCOUNT_MESSAGES.adminPasswordWeakSignIn, { password: ACCOUNT_MESSAGES.adminPasswordWeakSignIn });
      }
      return signedIn(row, userAgent, deviceToken);
    },

    /** The second step of a sign-in: a right code for the challenge opens the session (and may remember the device). */
    async completeTwoFactor(input: TwoFactorVerifyInput, userAgent?: string): Promise<Session & { deviceToken: string | null }> {
      const { userId, deviceToken } = await twoFactor.verifyChallenge(input, userAgent);
      const row = await repo.findUserById(userId);
      if (!row) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
      return { ...(await openSession(row, userAgent)), deviceToken };
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
      return fromGoogle(() => provider.exchangeCode(code, state, pending.nonce, pending.code_verifier), client, attribution);
    },

    async googleVerify(idToken: string, client: Client, attribution?: Attribution): Promise<Session | TwoFactorChallenge> {
      const provider = googleOrUnavailable();
      return fromGoogle(() => provider.verifyIdToken(idToken), client, attribution);
    },
  };
}
