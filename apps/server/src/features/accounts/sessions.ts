import type { User } from "@vestin/shared/accounts";
import { ME_MESSAGES, type SessionInfo } from "@vestin/shared/me";
import { UAParser } from "ua-parser-js";
import { coalesced } from "../../lib/coalesced.ts";
import { notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import { WatchedCache } from "../../lib/watched-cache.ts";
import { toUser, type AccountsContext } from "./context.ts";

const LAST_SEEN_EVERY_MS = 5 * 60_000;

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

/** Sessions: the bearer token of every signed-in request, and a person's list of their own devices. */
export function sessions({ database, log, repo, tokens }: AccountsContext) {
  /**
   * The live session behind a token, read on every signed-in request, kept until its session or
   * any user row changes (a logout, a password reset, an admin's edit), on this server or another.
   */
  const live = new WatchedCache<Awaited<ReturnType<typeof repo.findLiveSession>>>(
    database.changes,
    { sessions: (key) => key, users: () => null },
    { maxEntries: 20_000, ttlMs: 60_000 },
  );

  /**
   * On PostgreSQL the session reads of one moment (the requests of a wave that arrived together)
   * are one statement, not a round trip each; SQLite reads in the process, one at a time.
   */
  const readLive =
    database.dialect === "postgres" ? coalesced((ids: string[]) => repo.findLiveSessionsOnPostgres(ids)) : (id: string) => repo.findLiveSession(id);

  /**
   * A session's "last seen" for the sessions list: written apart and never waited for, so a
   * signed-in request waits for no write; only when the row's time is five minutes old (or unset),
   * so at most once in five minutes per session on all servers together, and at most once in five
   * minutes per session on this server however often its kept copy is used.
   */
  const lastSeenWrites = new Map<string, number>();
  function seen(sessionId: string, lastSeenAt: string | null): void {
    const now = Date.now();
    if (lastSeenAt !== null && now - Date.parse(lastSeenAt) < LAST_SEEN_EVERY_MS) return;
    if (now - (lastSeenWrites.get(sessionId) ?? 0) < LAST_SEEN_EVERY_MS) return;
    if (lastSeenWrites.size > 50_000) lastSeenWrites.clear();
    lastSeenWrites.set(sessionId, now);
    repo.touchSession(sessionId, new Date(now).toISOString()).catch((err: unknown) => log.warn({ err }, "could not record when a session was last seen"));
  }

  return {
    /**
     * The user behind a bearer token, when the token is genuine and its session live. `fresh`
     * reads the session from the database even when it is kept in memory.
     */
    async authenticate(token: string, { fresh }: { fresh: boolean }): Promise<{ user: User; sessionId: string; twoFactorOn: boolean } | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const read = () => readLive(claims.sessionId);
      const row = await (fresh ? read() : live.get(claims.sessionId, read));
      // Expiry is checked here too: a kept session outlives its expiry in memory, not in effect.
      if (!row || row.id !== claims.userId || row.expires_at <= nowIso()) return undefined;
      seen(claims.sessionId, row.last_seen_at);
      // Whether the person signs in with a second step comes with the session's row (the console needs it).
      return { user: toUser(row), sessionId: claims.sessionId, twoFactorOn: row.totp_enabled_at !== null };
    },

    logout: (sessionId: string) => repo.revokeSession(sessionId),

    async sessions(user: User, currentSessionId: string): Promise<SessionInfo[]> {
      const rows = await repo.liveSessionsOf(user._id);
      return rows.map((r) => describeSession(r, r.id === currentSessionId));
    },

    /** Ends one of the user's own sessions (someone else's id: 404, nothing changed). */
    async endSession(user: User, sessionId: string): Promise<void> {
      if (!(await repo.revokeOwnSession(user._id, sessionId))) throw notFound(ME_MESSAGES.sessionNotFound);
    },

    endOtherSessions: (user: User, currentSessionId: string) => repo.revokeOtherSessions(user._id, currentSessionId),

    /** Sessions with their devices, for a person's own data export. */
    async sessionsForExport(user: User) {
      return (await repo.liveSessionsOf(user._id)).map((r) => describeSession(r, false));
    },

    revokeAllSessions: (userId: string) => repo.revokeAllSessions(userId),
  };
}
