import type { User } from "@vestin/shared/accounts";
import { FRESH_SIGN_IN_MINUTES, ME_MESSAGES, type AccountSettings } from "@vestin/shared/me";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import { LIMITS } from "../../lib/rate-limit.ts";
import type { AccountsContext } from "./context.ts";
import { passwordMatches } from "./passwords.ts";
import type { UserRow } from "./repository.ts";

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

/** The signed-in person's own account (/me): settings, and the checks before deleting it. */
export function ownAccount({ limiter, repo, ownRow }: AccountsContext) {
  return {
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
     * Whether the person at the keyboard may delete this account: the e-mail typed out, and the
     * password, or for an account without one a sign-in within the last minutes.
     */
    async confirmDeletion(user: User, sessionId: string, email: string, password: string | undefined, clientIp: string): Promise<UserRow> {
      const row = await ownRow(user);
      if (email.trim().toLowerCase() !== row.email) throw badRequest(ME_MESSAGES.deleteEmailMismatch, { email: ME_MESSAGES.deleteEmailMismatch });
      if (row.password_hash) {
        const key = `${clientIp}|${row.email}`;
        await limiter.check(LIMITS.failedLogin, key);
        if (!password || !(await passwordMatches(row.password_hash, password))) {
          await limiter.record(LIMITS.failedLogin, key);
          throw badRequest(ME_MESSAGES.wrongPassword, { password: ME_MESSAGES.wrongPassword });
        }
        return row;
      }
      const session = await repo.sessionById(sessionId);
      if (!session || Date.parse(session.created_at) < Date.now() - FRESH_SIGN_IN_MINUTES * 60_000) throw forbidden(ME_MESSAGES.freshSignInRequired);
      return row;
    },
  };
}
