import { useState, type FormEvent } from "react";
import type { ApiResult } from "~/lib/api-client";
import type { SecondStepProof } from "../api/accounts-api";
import type { useSecondFactorProof } from "./use-second-factor-proof";

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * Sending the proof typed in a SecondFactorField from its form: one request at a time; each try
 * clears the message shown; a proof that fails its own check is named on the field and not sent.
 * After a success the form stays busy, as the page or the view moves on.
 */
export function useProofSubmit(proof: ReturnType<typeof useSecondFactorProof>, initialMessage: string | null = null) {
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [busy, setBusy] = useState(false);

  return {
    message,
    setMessage,
    busy,
    /** Sends the typed proof with `request`; resolves the server's refusal, or undefined when nothing was sent or it succeeded. */
    async submit<T>(event: FormEvent, request: (proof: SecondStepProof) => Promise<ApiResult<T>>, onDone: (data: T) => void): Promise<Refusal | undefined> {
      event.preventDefault();
      if (busy) return undefined;
      setMessage(null);
      const typed = proof.take();
      if (!typed) return undefined;
      setBusy(true);
      const result = await request(typed);
      if (result.ok) {
        onDone(result.data);
        return undefined;
      }
      setBusy(false);
      return result;
    },
    /** A refusal on the field when the server names it there, else in the message above the form. */
    refused(refusal: Refusal) {
      if (!proof.refused(refusal.errors)) setMessage(refusal.message);
    },
  };
}
