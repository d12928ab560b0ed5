import { hash, verify } from "@node-rs/argon2";
import { ACCOUNT_MESSAGES, ADMIN_PASSWORD_MIN, PASSWORD_MIN, type User } from "@vestin/shared/accounts";
import { ME_MESSAGES } from "@vestin/shared/me";
import { AppError, badRequest } from "../../lib/errors.ts";
import { sha256 } from "../../lib/ids.ts";
import { LIMITS } from "../../lib/rate-limit.ts";
import type { AccountsContext } from "./context.ts";
import { passwordChangedEmail, passwordResetEmail } from "./mail.ts";
import { adminPasswordProblem } from "./password-policy.ts";
import { accountsRepository } from "./repository.ts";

export const RESET_TTL_MS = 60 * 60 * 1000;
/** An administrator's first password-set link lasts a day. */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Verified against when the e-mail is unknown, so both failures take the same time. */
const DUMMY_HASH = await hash("not-a-real-password", ARGON2);

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** Whether the password is the one stored; without a stored hash it is checked against a dummy one, so the answer takes as long. */
export const passwordMatches = (storedHash: string | null | undefined, password: string): Promise<boolean> =>
  verify(storedHash ?? DUMMY_HASH, password).catch(() => false);

/** A password link's purpose and rule (POST /auth/password-link). */
export type PasswordLink = { purpose: "invitation" | "reset"; administrator: boolean; email: string; minLength: number };

const invalidLink = () => new AppError(400, ACCOUNT_MESSAGES.resetLinkInvalid, { token: ACCOUNT_MESSAGES.resetLinkInvalid });

/** 400 on `field` when the password will not do for an administrator (password-policy.ts). */
export async function refuseWeakAdminPassword(
  password: string,
  person: { email: string; first_name: string; last_name: string },
  field: "password" | "newPassword" = "password",
): Promise<void> {
  const problem = await adminPasswordProblem(password, { email: person.email, firstName: person.first_name, lastName: person.last_name });
  if (problem) throw badRequest(problem, { [field]: problem });
}

/** Passwords: the e-mailed reset, and a signed-in person's change. */
export function passwords({ database, limiter, log, repo, ownRow, mailPasswordLink }: AccountsContext) {
  return {
    async forgotPassword(email: string, clientIp: string): Promise<void> {
      await limiter.consume(LIMITS.passwordReset, clientIp);
      const row = await repo.findUserByEmail(email);
      if (!row) return;
      try {
        // The link and its e-mail are stored together or not at all.
        await database.db
          .transaction()
          .execute((trx) => mailPasswordLink(trx, row, RESET_TTL_MS, (link) => passwordResetEmail(row.email, row.first_name, link)));
      } catch (err) {
        // The answer stays the same either way (no account enumeration); the team sees the failure.
        log.error({ err, to: row.email }, "password reset link and e-mail could not be stored");
      }
    },

    /**
     * What a password link is for, before it is used: an administrator's invitation (an
     * administrator without a password yet) or a reset, and the rule the new password follows.
     */
    async describePasswordLink(token: string): Promise<PasswordLink> {
      const link = await repo.findLivePasswordReset(sha256(token));
      if (!link) throw invalidLink();
      const administrator = link.role === "admin";
      return {
        purpose: administrator && !link.password_hash ? "invitation" : "reset",
        administrator,
        email: link.email,
        minLength: administrator ? ADMIN_PASSWORD_MIN : PASSWORD_MIN,
      };
    },

    /**
     * Sets the password of a link's account and uses the link. An administrator's password must
     * pass adminPasswordProblem (400 on the password field, and the link stays usable).
     */
    async resetPassword(token: string, password: string): Promise<void> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const link = await repo.findLivePasswordReset(sha256(token));
        if (!link) throw invalidLink();
        const role = link.role === "admin" ? "admin" : "user";
        if (role === "admin") await refuseWeakAdminPassword(password, link);
        const userId = await repo.consumePasswordReset(sha256(token), await hashPassword(password), role);
        if (userId === "role-changed") continue;
        if (!userId) throw invalidLink();
        return;
      }
      throw invalidLink();
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
        if (!(await passwordMatches(row.password_hash, currentPassword))) {
          await limiter.record(LIMITS.failedLogin, key);
          throw badRequest(ME_MESSAGES.wrongPassword, { currentPassword: ME_MESSAGES.wrongPassword });
        }
        if (currentPassword === newPassword) throw badRequest(ME_MESSAGES.samePassword, { newPassword: ME_MESSAGES.samePassword });
      }
      if (row.role === "admin") await refuseWeakAdminPassword(newPassword, row, "newPassword");
      const passwordHash = await hashPassword(newPassword);
      // The new password, the other sessions signed out, and the notice with its link commit
      // together: a changed password always has its notice coming.
      await database.db.transaction().execute(async (trx) => {
        await accountsRepository(trx).setPasswordAndSignOutOthers(row.id, passwordHash, sessionId);
        await mailPasswordLink(trx, row, RESET_TTL_MS, (link) => passwordChangedEmail(row.email, row.first_name, link));
      });
      return { message: row.password_hash ? ME_MESSAGES.passwordChanged : ME_MESSAGES.passwordSet };
    },
  };
}
