import { useCallback, useEffect, useRef, useState } from "react";
import { FORM_GUARD_MESSAGES, HONEYPOT_FIELD } from "@vestin/shared/form-guard-core";
import type { FormTokenAnswer } from "@vestin/shared/form-guard";
import { apiRequest, type ApiResult } from "./api-client";

/** What a guarded form sends next to its own fields. */
export type FormGuardPayload = { formToken?: string; [HONEYPOT_FIELD]: string; challengeToken?: string };

/** A little past the server's minimum fill time, for clocks and the request's own travel. */
const MARGIN_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The browser's side of the form guard (docs/decisions/0005-form-guard.md). The form token is
 * fetched from the API when the form mounts, never baked into the page (pages are cached and
 * shared). `prepare()` gives the fields to send; if a person is quicker than the minimum fill
 * time it holds the request until then instead of letting the server refuse it. `settle()` reads
 * the answer: an expired or spent token is replaced at once and the person is told to send again.
 */
export function useFormGuard() {
  const issued = useRef<{ answer: FormTokenAnswer; receivedAt: number } | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [challenge, setChallenge] = useState<FormTokenAnswer["challenge"]>(null);
  const [challengeToken, setChallengeToken] = useState("");
  const [challengeKey, setChallengeKey] = useState(0);

  const refresh = useCallback(async () => {
    // Offline: the submission goes without a token and the server's answer says what to do.
    const result = await apiRequest<FormTokenAnswer>("/form-token", { token: false });
    if (result.ok && typeof result.data?.token === "string") {
      issued.current = { answer: result.data, receivedAt: Date.now() };
      setChallenge(result.data.challenge);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const resetChallenge = useCallback(() => {
    setChallengeToken("");
    setChallengeKey((k) => k + 1);
  }, []);

  /** The guard's fields, once the form has been on screen for the minimum fill time. */
  const prepare = useCallback(async (): Promise<FormGuardPayload> => {
    if (!issued.current) await refresh();
    const minFill = issued.current?.answer.minFillMs ?? 0;
    const wait = issued.current && minFill > 0 ? issued.current.receivedAt + minFill + MARGIN_MS - Date.now() : 0;
    if (wait > 0) await sleep(wait);
    return {
      ...(issued.current ? { formToken: issued.current.answer.token } : {}),
      [HONEYPOT_FIELD]: honeypotRef.current?.value ?? "",
      ...(challengeToken ? { challengeToken } : {}),
    };
  }, [refresh, challengeToken]);

  /**
   * After an answer: a spent token is replaced (the next submission needs its own), and a refused
   * token's message becomes "we have refreshed it, send again" since the browser already did.
   */
  const settle = useCallback(
    <T extends ApiResult<unknown>>(outcome: T): T => {
      if (outcome.ok) {
        void refresh();
        if (challenge) resetChallenge();
        return outcome;
      }
      const tokenError = outcome.errors?.formToken;
      if (tokenError && tokenError !== FORM_GUARD_MESSAGES.tooFast) {
        void refresh();
        if (challenge) resetChallenge();
        return { ...outcome, message: FORM_GUARD_MESSAGES.refreshed };
      }
      if (outcome.errors?.challengeToken) resetChallenge();
      return outcome;
    },
    [refresh, challenge, resetChallenge],
  );

  return { prepare, settle, honeypotRef, challenge, challengeKey, setChallengeToken };
}

export type FormGuardState = ReturnType<typeof useFormGuard>;

/** True for the guard's own refusals, whose texts are written for people as they are. */
export function isFormGuardMessage(message: string | undefined): boolean {
  return Boolean(message) && (Object.values(FORM_GUARD_MESSAGES) as string[]).includes(message ?? "");
}
