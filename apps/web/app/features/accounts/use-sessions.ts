import { useCallback, useEffect, useState } from "react";
import type { SessionInfo } from "@vestin/shared/me";
import { type AuthState, sessionToken } from "~/lib/session/auth-store";
import { fetchSessions } from "./api/own-account-api";
import { orderSessions } from "./format";

export type SessionsState = {
  sessions: SessionInfo[] | null;
  error: string | null;
  reload: () => Promise<void>;
  remove: (sessionId: string) => void;
};

/** The member's signed-in sessions, this device first, then the most recently seen. */
export function useSessions(auth: AuthState): SessionsState {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = sessionToken(auth);

  const reload = useCallback(async () => {
    setError(null);
    const result = await fetchSessions();
    if (result.ok) setSessions(orderSessions(result.data));
    else if (result.status !== 401) setError(result.message);
  }, []);

  useEffect(() => {
    if (!token) {
      setSessions(null);
      return;
    }
    void reload();
  }, [token, reload]);

  const remove = useCallback((sessionId: string) => setSessions((list) => list?.filter((s) => s.id !== sessionId) ?? null), []);
  return { sessions, error, reload, remove };
}
