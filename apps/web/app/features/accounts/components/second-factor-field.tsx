import { useState, type Ref } from "react";
import { normaliseRecoveryCode, normaliseTotpCode, TWO_FACTOR_MESSAGES } from "@vestin/shared/two-factor-core";
import { Field } from "~/components/ui/field";
import type { SecondStepProof } from "../api/accounts-api";
import { TWO_FACTOR_COPY } from "../two-factor-copy";

/** Which proof is being typed: the authenticator app's code, or a recovery code. */
export type ProofKind = "code" | "recoveryCode";

/** The typed value as the proof the server takes, or the message to show on the field. */
export function proofOf(kind: ProofKind, value: string): { ok: true; proof: SecondStepProof } | { ok: false; message: string } {
  if (kind === "code") {
    const code = normaliseTotpCode(value);
    return /^\d{6}$/.test(code) ? { ok: true, proof: { code } } : { ok: false, message: TWO_FACTOR_MESSAGES.required };
  }
  const recoveryCode = normaliseRecoveryCode(value);
  return recoveryCode.length === 10 ? { ok: true, proof: { recoveryCode } } : { ok: false, message: TWO_FACTOR_MESSAGES.invalidRecoveryCode };
}

/**
 * The field of a second-factor check (signing in, new recovery codes, turning it off): the 6-digit
 * code by default, a recovery code on request. Switching keeps the focus in the field.
 */
export function SecondFactorField({
  kind,
  onKindChange,
  value,
  onChange,
  error,
  autoFocus = false,
  codeLabel = TWO_FACTOR_COPY.codeLabel,
  inputRef,
}: {
  kind: ProofKind;
  onKindChange: (kind: ProofKind) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
  codeLabel?: string;
  /** To put the focus back in the field after a wrong code. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const other: ProofKind = kind === "code" ? "recoveryCode" : "code";
  // After a switch the new field takes the focus, wherever the check is.
  const [switched, setSwitched] = useState(false);
  const focus = autoFocus || switched;
  return (
    <div>
      {kind === "code" ? (
        <Field
          key="code"
          ref={inputRef}
          label={codeLabel}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          // Authenticator apps show the code as "123 456": a space typed with it is fine.
          maxLength={9}
          spellCheck={false}
          autoFocus={focus}
          required
          hint={TWO_FACTOR_COPY.codeHint}
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value)}
          className="[&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.3em]"
        />
      ) : (
        <Field
          key="recoveryCode"
          ref={inputRef}
          label={TWO_FACTOR_COPY.recoveryLabel}
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          autoFocus={focus}
          required
          placeholder={TWO_FACTOR_COPY.recoveryPlaceholder}
          hint={TWO_FACTOR_COPY.recoveryHint}
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value)}
          className="[&_input]:font-mono [&_input]:text-lg [&_input]:uppercase [&_input]:tracking-widest"
        />
      )}
      <button
        type="button"
        onClick={() => {
          setSwitched(true);
          onKindChange(other);
        }}
        className="mt-2 rounded text-sm font-medium text-brand-violet hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet"
      >
        {other === "recoveryCode" ? TWO_FACTOR_COPY.useRecovery : TWO_FACTOR_COPY.useApp}
      </button>
    </div>
  );
}
