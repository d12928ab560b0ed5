import { sql, type Kysely, type Selectable } from "kysely";
import { COMMITTED_WITH_OTHERS } from "../../db/database.ts";
import type { DB, UsersTable } from "../../db/schema.ts";
import { nowIso } from "../../lib/ids.ts";
import { countOf } from "../../lib/count.ts";

export type UserRow = Selectable<UsersTable>;

/** Thrown inside a transaction to undo it: the account became an administrator meanwhile. */
class RoleChanged extends Error {}

/** The accounts tables. Emails arrive lower-cased from the schemas. */
export function accountsRepository(db: Kysely<DB>) {
  /** Live sessions (not revoked, not expired) with what a signed-in request needs of their users. */
  const liveSessions = () =>
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "users.id",
        "users.first_name",
        "users.last_name",
        "users.email",
        "users.role",
        "users.created_at",
        "users.totp_enabled_at",
        "sessions.expires_at",
        "sessions.last_seen_at",
      ])
      .where("sessions.revoked_at", "is", null)
      .where("sessions.expires_at", ">", nowIso());

  return {
    findUserByEmail: (email: string) => db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst(),
    findUserById: (id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst(),
    findUserByGoogleSub: (sub: string) => db.selectFrom("users").selectAll().where("google_sub", "=", sub).executeTakeFirst(),

    async insertUser(user: UserRow): Promise<void> {
      await db.insertInto("users").values(user).execute();
    },

    async linkGoogle(userId: string, sub: string): Promise<void> {
      await db.updateTable("users").set({ google_sub: sub, updated_at: nowIso() }).where("id", "=", userId).execute();
    },

    async insertSession(session: {
      id: string;
      user_id: string;
      created_at: string;
      expires_at: string;
      user_agent: string | null;
      last_seen_at: string;
    }): Promise<void> {
      await db
        .insertInto("sessions")
        .values({ ...session, revoked_at: null })
        .execute();
    },

    /** The session's user, when the session is live (not revoked, not expired). */
    findLiveSession: (sessionId: string) => liveSessions().where("sessions.id", "=", sessionId).executeTakeFirst(),

    /**
     * PostgreSQL: the users of these sessions, in their order (undefined for a session not live),
     * in one statement: the session reads of requests that arrived together.
     */
    async findLiveSessionsOnPostgres(sessionIds: string[]) {
      const rows = await liveSessions().select("sessions.id as session_id").where("sessions.id", "=", sql<string>`any(${sessionIds}::text[])`).execute();
      const bySession = new Map(rows.map(({ session_id, ...row }) => [session_id, row]));
      return sessionIds.map((id) => bySession.get(id));
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db.updateTable("sessions").set({ revoked_at: nowIso() }).where("id", "=", sessionId).where("revoked_at", "is", null).execute();
    },

    async insertPasswordReset(reset: { token_hash: string; user_id: string; created_at: string; expires_at: string }): Promise<void> {
      await db
        .insertInto("password_resets")
        .values({ ...reset, used_at: null })
        .execute();
    },

    /** The account a password link (unused, unexpired) sets the password of, without using it. */
    findLivePasswordReset: (tokenHash: string) =>
      db
        .selectFrom("password_resets")
        .innerJoin("users", "users.id", "password_resets.user_id")
        .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role", "users.password_hash"])
        .where("password_resets.token_hash", "=", tokenHash)
        .where("password_resets.used_at", "is", null)
        .where("password_resets.expires_at", ">", nowIso())
        .executeTakeFirst(),

    /** When the account's newest password link was made (none: undefined). */
    async latestPasswordLinkAt(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("password_resets")
        .select((eb) => eb.fn.max("created_at").as("at"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    /**
     * Uses a reset token once: in one transaction marks it (and the user's other open tokens) used,
     * sets the new password and revokes every earlier session. Returns the user id, or undefined
     * when the token is unknown, used or expired. `checkedAs` is the role the new password was
     * checked for: an account made an administrator since then keeps its password (and the link
     * stays unused), so a learner's rule never sets an administrator's password.
     */
    async consumePasswordReset(tokenHash: string, passwordHash: string, checkedAs: "user" | "admin"): Promise<string | "role-changed" | undefined> {
      return db
        .transaction()
        .execute(async (trx) => {
          const now = nowIso();
          const claimed = await trx
            .updateTable("password_resets")
            .set({ used_at: now })
            .where("token_hash", "=", tokenHash)
            .where("used_at", "is", null)
            .where("expires_at", ">", now)
            .returning("user_id")
            .executeTakeFirst();
          if (!claimed) return undefined;
          const userId = claimed.user_id;
          if (checkedAs === "user") {
            const current = await trx.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
            if (current?.role === "admin") throw new RoleChanged();
          }
          await trx.updateTable("password_resets").set({ used_at: now }).where("user_id", "=", userId).where("used_at", "is", null).execute();
          await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", userId).execute();
          await trx.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
          return userId;
        })
        .catch((err: unknown) => {
          if (err instanceof RoleChanged) return "role-changed" as const;
          throw err;
        });
    },

    async listUsers(q: { search?: string | undefined; page: number; limit: number }) {
      let base = db.selectFrom("users");
      if (q.search?.trim()) {
        const pattern = `%${q.search
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`),
            eb(sql`lower(first_name || ' ' || last_name)`, "like", sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const rows = await base
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute();
      return { rows, total: await countOf(base) };
    },

    countLiveSessions: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom("sessions")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .where("user_id", "=", userId)
            .where("revoked_at", "is", null)
            .where("expires_at", ">", nowIso())
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    sessionsOf: (userId: string) =>
      db.selectFrom("sessions").select(["created_at", "expires_at", "revoked_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),

    async touchSession(sessionId: string, at: string): Promise<void> {
      await db.updateTable("sessions").set({ last_seen_at: at }).where("id", "=", sessionId).modifyEnd(COMMITTED_WITH_OTHERS).execute();
    },

    sessionById: (sessionId: string) => db.selectFrom("sessions").selectAll().where("id", "=", sessionId).executeTakeFirst(),

    /** A user's live sessions, most recently seen first. */
    liveSessionsOf: (userId: string) =>
      db
        .selectFrom("sessions")
        .select(["id", "user_agent", "created_at", "last_seen_at"])
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", nowIso())
        .orderBy("last_seen_at", "desc")
        .orderBy("created_at", "desc")
        .execute(),

    /** Revokes a session only when it belongs to the user (true when one was revoked). */
    async revokeOwnSession(userId: string, sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable("sessions")
        .set({ revoked_at: nowIso() })
        .where("id", "=", sessionId)
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async revokeOtherSessions(userId: string, keepSessionId: string): Promise<number> {
      const result = await db
        .updateTable("sessions")
        .set({ revoked_at: nowIso() })
        .where("user_id", "=", userId)
        .where("id", "!=", keepSessionId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The new password, and every other session signed out (run it in a transaction: the caller's, with what else the change writes). */
    async setPasswordAndSignOutOthers(userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
      const now = nowIso();
      await db.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", userId).execute();
      await db
        .updateTable("sessions")
        .set({ revoked_at: now })
        .where("user_id", "=", userId)
        .where("id", "!=", keepSessionId)
        .where("revoked_at", "is", null)
        .execute();
    },

    async updateUser(
      userId: string,
      changes: Partial<Pick<UserRow, "first_name" | "last_name" | "newsletter_opt_in" | "newsletter_changed_at" | "updated_at">>,
    ): Promise<void> {
      await db.updateTable("users").set(changes).where("id", "=", userId).execute();
    },

    async revokeAllSessions(userId: string): Promise<number> {
      const result = await db
        .updateTable("sessions")
        .set({ revoked_at: nowIso() })
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async setRole(userId: string, role: "user" | "admin"): Promise<void> {
      await db.updateTable("users").set({ role, updated_at: nowIso() }).where("id", "=", userId).execute();
    },

    async deleteUser(userId: string): Promise<void> {
      await db.deleteFrom("users").where("id", "=", userId).execute();
    },

    async insertOAuthState(row: { state: string; code_verifier: string; nonce: string; expires_at: string }): Promise<void> {
      await db.insertInto("oauth_states").values(row).execute();
    },

    /** Takes an OAuth state once (deleting it) if it has not expired. */
    async takeOAuthState(state: string) {
      const row = await db.deleteFrom("oauth_states").where("state", "=", state).returningAll().executeTakeFirst();
      if (!row || row.expires_at <= nowIso()) return undefined;
      return row;
    },

    async purgeExpiredOAuthStates(): Promise<void> {
      await db.deleteFrom("oauth_states").where("expires_at", "<=", nowIso()).execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
