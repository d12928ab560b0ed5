import { ACCOUNT_MESSAGES, type User } from "@vestin/shared/accounts";
import { AppError, conflict } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { attributionColumns, attributionOf } from "../attribution/index.ts";
import { NO_SECOND_FACTOR, toUser, type AccountsContext } from "./context.ts";
import { adminInviteEmail } from "./mail.ts";
import { INVITE_TTL_MS } from "./passwords.ts";
import { accountsRepository, type UserRow } from "./repository.ts";

/** Administration of accounts (the admin console and the command line), and a person's data for privacy requests. */
export function administration({ database, repo, mailPasswordLink }: AccountsContext) {
  /** The account with this e-mail (typed by an administrator: spaces and capitals do not matter). */
  const byEmail = (email: string) => repo.findUserByEmail(email.trim().toLowerCase());

  return {
    async listUsers(q: { search?: string | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.listUsers(q);
      return { items: rows.map(toUser), total, pages: Math.ceil(total / q.limit) };
    },

    async userById(id: string): Promise<(User & { activeSessions: number }) | undefined> {
      const row = await repo.findUserById(id);
      if (!row) return undefined;
      return { ...toUser(row), activeSessions: await repo.countLiveSessions(id) };
    },

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
      // The account, its invitation link and the e-mail that carries it are stored together or not at all.
      const link = await database.db.transaction().execute(async (trx) => {
        await accountsRepository(trx).insertUser(row);
        return mailPasswordLink(trx, row, INVITE_TTL_MS, (url) => adminInviteEmail(email, input.firstName, url));
      });
      return { user: toUser(row), link };
    },

    /** The account with this e-mail, if any (the command line's lookups). */
    findByEmail: async (email: string): Promise<User | undefined> => {
      const row = await byEmail(email);
      return row ? toUser(row) : undefined;
    },

    async setRole(email: string, role: "user" | "admin"): Promise<User> {
      const row = await byEmail(email);
      if (!row) throw new AppError(404, `No account uses ${email}`);
      await repo.setRole(row.id, role);
      // Every open session of the account ends either way: a demoted admin's, so the old role cannot
      // linger in a browser; a promoted learner's, so the next sign-in checks the password against
      // the administrators' rule (a weak one opens no session and e-mails a link to choose another).
      await repo.revokeAllSessions(row.id);
      return toUser({ ...row, role });
    },

    /** What the accounts area holds about one e-mail address (privacy export). */
    async personalData(email: string) {
      const row = await byEmail(email);
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
      const row = await byEmail(email);
      if (!row) return { userId: null };
      await repo.deleteUser(row.id);
      return { userId: row.id };
    },
  };
}
