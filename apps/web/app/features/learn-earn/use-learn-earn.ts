import { useCallback, useEffect, useRef, useState } from "react";
import type { LearnEarnStatus } from "@vestin/shared/learn-earn";
import { sessionToken, useAuth } from "~/lib/session/auth-store";
import { LEARN_EARN_COPY } from "./copy";

export type LearnEarnState = { phase: "idle" } | { phase: "loading" } | { phase: "error"; message: string } | { phase: "ready"; data: LearnEarnStatus };

/** The API module checks answers with zod: loaded for a signed-in learner only. */
const loadApi = () => import("./api/learner-api");

/**
 * The signed-in learner's quests, XP and wallet (GET /me/learn-earn), fetched in the browser with
 * the stored token; `reload` asks again (after linking a wallet, or while a grant is awaited).
 */
export function useLearnEarn() {
  const auth = useAuth();
  const token = sessionToken(auth);
  const [state, setState] = useState<LearnEarnState>({ phase: "idle" });
  // Only the latest request may set the state.
  const latest = useRef(0);

  const load = useCallback(async (): Promise<LearnEarnStatus | null> => {
    const request = ++latest.current;
    setState((prev) => (prev.phase === "ready" ? prev : { phase: "loading" }));
    const api = await loadApi().catch(() => null);
    const result = api ? await api.learnEarnStatus() : ({ ok: false, message: LEARN_EARN_COPY.loadFailed } as const);
    if (request !== latest.current) return null;
    setState(result.ok ? { phase: "ready", data: result.data } : { phase: "error", message: result.message });
    return result.ok ? result.data : null;
  }, []);

  useEffect(() => {
    if (!token) {
      latest.current++;
      setState({ phase: "idle" });
      return;
    }
    void load();
  }, [token, load]);

  return { state, signedIn: Boolean(token), reload: load };
}
