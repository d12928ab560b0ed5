import { useId } from "react";
import { HONEYPOT_FIELD } from "@vestin/shared/form-guard-core";
import type { FormGuardState } from "~/lib/form-guard";
import { ChallengeWidget } from "./challenge-widget";

/**
 * The guard's part of a form: the honeypot (hidden from sight, from assistive technology and
 * from the tab order, never autofilled) and, only when a provider is configured, the challenge.
 */
export function FormGuardFields({
  guard,
  showChallenge = true,
}: {
  guard: FormGuardState /** False hides the challenge (a wizard shows it on its last step). */;
  showChallenge?: boolean;
}) {
  const id = useId();
  return (
    <>
      <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] top-0 size-px overflow-hidden opacity-0">
        <label htmlFor={`${id}-hp`}>Leave this field empty</label>
        <input ref={guard.honeypotRef} id={`${id}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {guard.challenge && showChallenge && <ChallengeWidget key={guard.challengeKey} challenge={guard.challenge} onToken={guard.setChallengeToken} />}
    </>
  );
}
