import { useCallback, useEffect, useRef, useState } from "react";
import type { Attempt } from "@vestin/shared/assessments";
import { useSessionToken } from "~/lib/session/auth-store";
import { attemptById } from "./api/assessment-api";

export type AttemptState =
  | { phase: "idle" }
  | { phase: "loading" }
  | { phase: "error"; status: number; message: string }
  | { phase: "ready"; attempt: Attempt };

/**
 * One of the learner's attempts, by id (from the page address). An attempt the page already holds
 * (just started or just graded, passed to `show`) is not fetched again.
 */
export function useAttempt(attemptId: string | null) {
  const token = useSessionToken();
  const [state, setStateValue] = useState<AttemptState>({ phase: "idle" });
  const current = useRef(state);
  const setState = useCallback((next: AttemptState) => {
    current.current = next;
    setStateValue(next);
  }, []);

  const requested = useRef<string | null>(null);
  const load = useCallback(
    async (id: string) => {
      requested.current = id;
      setState({ phase: "loading" });
      const result = await attemptById(id);
      if (requested.current !== id) return;
      setState(result.ok ? { phase: "ready", attempt: result.data } : { phase: "error", status: result.status, message: result.message });
    },
    [setState],
  );

  useEffect(() => {
    if (!attemptId || !token) {
      setState({ phase: "idle" });
      return;
    }
    // Keep an attempt this page already holds (just started, just graded).
    const held = current.current;
    if (held.phase === "ready" && held.attempt.id === attemptId) return;
    void load(attemptId);
  }, [attemptId, token, load, setState]);

  return {
    state,
    /** Shows an attempt the page received from the server (a start or a submit). */
    show: (attempt: Attempt) => {
      requested.current = attempt.id;
      setState({ phase: "ready", attempt });
    },
    reload: () => (attemptId ? load(attemptId) : Promise.resolve()),
  };
}
