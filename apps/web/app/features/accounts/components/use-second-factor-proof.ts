import { useRef, useState } from "react";
import type { SecondStepProof } from "../api/accounts-api";
import { proofOf, type ProofKind } from "./second-factor-field";

/**
 * The state of a SecondFactorField and the two checks around sending it, for every place that asks
 * for a code (the sign-in's second step, new recovery codes, turning two-factor off). Spread
 * `field` into the SecondFactorField; `onSwitch` runs when the person switches between the app's
 * code and a recovery code (the field is emptied and its error cleared already).
 */
export function useSecondFactorProof(onSwitch?: (kind: ProofKind) => void, initialKind: ProofKind = "code") {
  const [kind, setKind] = useState<ProofKind>(initialKind);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  const showError = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  return {
    field: {
      kind,
      onKindChange: (next: ProofKind) => {
        setKind(next);
        setValue("");
        setError(undefined);
        onSwitch?.(next);
      },
      value,
      onChange: setValue,
      error,
      inputRef,
    },
    /** The typed proof to send, or undefined after naming what is wrong with it on the field. */
    take(): SecondStepProof | undefined {
      const checked = proofOf(kind, value);
      if (!checked.ok) {
        showError(checked.message);
        return undefined;
      }
      setError(undefined);
      return checked.proof;
    },
    /**
     * Puts the server's refusal of the typed proof on the field (emptied, focused for another try);
     * false when the refusal names no error for it, for the caller to show its message elsewhere.
     */
    refused(errors: Record<string, string> | undefined): boolean {
      const onField = errors?.[kind];
      if (!onField) return false;
      setValue("");
      showError(onField);
      return true;
    },
  };
}
