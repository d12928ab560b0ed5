import { useState, type FormEvent } from "react";
import type { User } from "@vestin/shared/accounts";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { secondStepRequest } from "../api/accounts-api";
import { TWO_FACTOR_COPY } from "../two-factor-copy";
import { SecondFactorField, type ProofKind } from "./second-factor-field";
import { useProofSubmit } from "./use-proof-submit";
import { useSecondFactorProof } from "./use-second-factor-proof";

/** The page whose action takes the second step when it is posted as a form (Google's callback page has none). */
const SIGN_IN_ACTION = "/signin";

/**
 * The second step of a sign-in (ADR 14), in place of the password form: the code from the
 * authenticator app or a recovery code, and whether to remember this device. A wrong code is
 * named on its field; a challenge that is over (401: too slow, too many tries) goes back to the
 * password with the server's message.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
  onKindChange,
  initialKind = "code",
  initialError = null,
  action = SIGN_IN_ACTION,
}: {
  challenge: string;
  onSignedIn: (session: { token: string; user: User }) => void;
  /** Back to the password step, with the reason when the server gave one. */
  onRestart: (message: string | null) => void;
  onKindChange?: (kind: ProofKind) => void;
  /** Where a form posted before the scripts ran left off: the kind of code typed, and what the server said of it. */
  initialKind?: ProofKind;
  initialError?: string | null;
  /** Where the form posts when sent before the scripts run (the sign-in page, keeping its redirect). */
  action?: string;
}) {
  const [remember, setRemember] = useState(false);
  const proof = useSecondFactorProof((next) => {
    sending.setMessage(null);
    onKindChange?.(next);
  }, initialKind);
  const { message, busy, ...sending } = useProofSubmit(proof, initialError);

  const submit = async (event: FormEvent) => {
    const refusal = await sending.submit(event, (typed) => secondStepRequest(challenge, typed, remember), onSignedIn);
    if (refusal?.status === 401) onRestart(refusal.message);
    else if (refusal) sending.refused(refusal);
  };

  return (
    // Posted to the sign-in page when sent before the scripts run (the code stays out of the address).
    <form method="post" action={action} onSubmit={(e) => void submit(e)} noValidate className="grid gap-5" aria-label={TWO_FACTOR_COPY.stepTitle}>
      <input type="hidden" name="intent" value="second-step" />
      <input type="hidden" name="challenge" value={challenge} />
      {message && <Notice tone="danger">{message}</Notice>}
      <SecondFactorField {...proof.field} autoFocus />
      <CheckboxField
        name="rememberDevice"
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
        label={
          <>
            <span className="font-medium">{TWO_FACTOR_COPY.rememberDevice}</span>
            <span className="mt-0.5 block text-muted">{TWO_FACTOR_COPY.rememberHint}</span>
          </>
        }
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? TWO_FACTOR_COPY.verifying : TWO_FACTOR_COPY.verify}
      </Button>
      <p className="text-center text-sm text-muted">
        Wrong account?{" "}
        <button
          type="button"
          onClick={() => onRestart(null)}
          className="rounded font-semibold text-brand-violet hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet"
        >
          {TWO_FACTOR_COPY.startAgain}
        </button>
      </p>
    </form>
  );
}
