import { useCallback, useEffect, useRef, useState } from "react";
import type { MyLearning } from "@vestin/shared/me";
import { MY_LEARNING_COPY } from "./copy";
import { sessionToken, useAuth } from "~/lib/session/auth-store";

export type MyLearningState =
  /** Signed out, still reading the stored session, or the first answer is on its way. */
  { phase: "idle" } | { phase: "loading" } | { phase: "error"; message: string } | { phase: "ready"; data: MyLearning };

/**
 * The signed-in learner's courses and placement result. Pages that use it are cached and shared by
 * everyone, so this is fetched in the browser with the stored token, never rendered on the server.
 */
export function useMyLearning() {
  const auth = useAuth();
  const token = sessionToken(auth);
  const [state, setState] = useState<MyLearningState>({ phase: "idle" });
  // Only the latest request may set the state (a token change or a retry starts a new one).
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState((prev) => (prev.phase === "ready" ? prev : { phase: "loading" }));
    // The API module checks the answer against the shared schemas (zod): imported for a signed-in
    // learner only, so /learn (whose continue strip uses this hook) does not load zod for a visitor.
    const api = await import("./api/my-learning-api").catch(() => null);
    const result = api ? await api.myLearning() : ({ ok: false, message: MY_LEARNING_COPY.loadFailed } as const);
    if (request !== latest.current) return;
    setState(result.ok ? { phase: "ready", data: result.data } : { phase: "error", message: result.message });
  }, []);

  useEffect(() => {
    if (!token) {
      latest.current++;
      setState({ phase: "idle" });
      return;
    }
    void load();
  }, [token, load]);

  return { state, auth, reload: load };
}
