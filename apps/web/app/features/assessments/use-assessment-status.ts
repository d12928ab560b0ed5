import { useCallback, useEffect, useRef, useState } from "react";
import { BROWSER_EVENTS } from "@vestin/shared/brand";
import type { AssessmentStatus } from "@vestin/shared/assessments";
import { sessionToken, useAuth } from "~/lib/session/auth-store";
import { assessmentStatus } from "./lazy-status";

export type AssessmentStatusState =
  /** Public rules known (from the server render) while the learner's standing loads, or nothing yet. */
  | { phase: "loading"; status: AssessmentStatus | null }
  /** The course has no assessment (404). */
  | { phase: "none"; status: null }
  | { phase: "error"; status: AssessmentStatus | null; message: string }
  /** `status.learner` is the signed-in learner's standing, or null for a visitor. */
  | { phase: "ready"; status: AssessmentStatus };

/**
 * A course's assessment as this visitor sees it. The page's HTML is shared by everyone, so the
 * server renders the public rules at most (`initial`); the learner's standing is fetched here with
 * the stored token, and again when this tab enrols the learner or completes a lesson (the
 * progress-updated event) or another tab changes the stored session.
 */
export function useAssessmentStatus(courseId: string, initial?: AssessmentStatus | null) {
  const auth = useAuth();
  const token = sessionToken(auth);
  const [state, setState] = useState<AssessmentStatusState>(() =>
    initial === null ? { phase: "none", status: null } : { phase: "loading", status: initial ?? null },
  );

  // Only the latest request may set the state: a standing asked before an enrolment or a completed
  // lesson must not overwrite the one asked after it.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const result = await assessmentStatus(courseId);
    if (request !== latest.current) return;
    if (result.ok) setState({ phase: "ready", status: result.data });
    else if (result.status === 404) setState({ phase: "none", status: null });
    else setState((prev) => ({ phase: "error", status: prev.status, message: result.message }));
  }, [courseId]);

  useEffect(() => {
    if (auth.isLoading) return;
    // A visitor needs nothing personal: the server-rendered rules are the whole answer.
    if (!auth.isAuthenticated && initial !== undefined) {
      setState(initial === null ? { phase: "none", status: null } : { phase: "ready", status: initial });
      return;
    }
    setState((prev) => (prev.phase === "none" ? prev : { phase: "loading", status: prev.status }));
    void load();
    if (!token) return;
    const refresh = () => void load();
    window.addEventListener(BROWSER_EVENTS.progressUpdated, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(BROWSER_EVENTS.progressUpdated, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, [auth.isLoading, auth.isAuthenticated, token, initial, load]);

  return { ...state, signedIn: auth.isAuthenticated, authLoading: auth.isLoading, reload: load };
}
