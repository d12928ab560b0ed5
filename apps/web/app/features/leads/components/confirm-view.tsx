import { CheckCircle2, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CONFIRM_MESSAGES, CONFIRMED_LEAD_LABELS } from "@vestin/shared/form-guard-core";
import type { ConfirmedLeadKind } from "@vestin/shared/lead-kinds";
import { Button, ButtonLink } from "~/components/ui/button";
import { Outcome, OutcomeActions, OutcomeChecking, type OutcomeTone } from "~/components/ui/outcome";
import { confirmEmail, resendConfirmation, type ConfirmOutcome } from "../api/leads-api";
import { confirmPageCopy as copy } from "../copy";

type State = { kind: "checking" } | ConfirmOutcome | { ok: false; reason: "missing" | "resent"; message: string };

/**
 * Opens the link of a confirmation e-mail. The confirmation is sent from the browser after the
 * page has loaded (a POST), not by the server render: a mail scanner that only fetches links
 * confirms nothing, and the cached, shared page never depends on a token. The token leaves the
 * address bar once it has been used. An expired link offers "Send me a new link",
 * answered with the same sentence whether or not an e-mail went out.
 */
export function ConfirmView() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [state, setState] = useState<State>({ kind: "checking" });
  const started = useRef(false);
  const [resending, setResending] = useState(false);
  const [resendError, setResendError] = useState<string>();

  const run = useCallback(async () => {
    if (!token) {
      setState({ ok: false, reason: "missing", message: copy.missingToken });
      return;
    }
    setState({ kind: "checking" });
    const outcome = await confirmEmail(token);
    setState(outcome);
    if (outcome.ok || outcome.reason === "used") window.history.replaceState(window.history.state, "", "/confirm");
  }, [token]);

  const resend = useCallback(async () => {
    setResending(true);
    setResendError(undefined);
    const answer = await resendConfirmation(token);
    setResending(false);
    if (answer.ok) setState({ ok: false, reason: "resent", message: answer.message });
    else setResendError(answer.message);
  }, [token]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  if ("kind" in state) return <OutcomeChecking>{copy.checking}</OutcomeChecking>;

  const view = describe(state);
  return (
    <Outcome
      tone={view.tone}
      heading={view.heading}
      text={<p>{view.text}</p>}
      live={view.tone === "success" || view.tone === "sent" ? "status" : "alert"}
      focusKey={state.ok ? "confirmed" : state.reason}
    >
      {state.ok && <ConfirmedList kinds={state.confirmed} />}
      <OutcomeActions>
        {state.ok && state.confirmed.includes("presale") && (
          <ButtonLink to="/presale/success" size="lg">
            {copy.queueLink}
          </ButtonLink>
        )}
        {!state.ok && state.reason === "failed" && (
          <Button size="lg" onClick={() => void run()}>
            {copy.retry}
          </Button>
        )}
        {!state.ok && state.reason === "expired" && (
          <Button size="lg" onClick={() => void resend()} disabled={resending} aria-busy={resending}>
            {resending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />}
            {resending ? copy.resending : copy.resend}
          </Button>
        )}
        {!state.ok && (state.reason === "invalid" || state.reason === "missing") && (
          <ButtonLink to="/contact" size="lg" variant="outline">
            {copy.contactLink}
          </ButtonLink>
        )}
        <ButtonLink
          to="/"
          size="lg"
          variant={(state.ok && state.confirmed.includes("presale")) || (!state.ok && state.reason === "expired") ? "outline" : "primary"}
        >
          {copy.homeLink}
        </ButtonLink>
      </OutcomeActions>
      {resendError && !state.ok && state.reason === "expired" && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {resendError}
        </p>
      )}
    </Outcome>
  );
}

function describe(state: Exclude<State, { kind: "checking" }>): { tone: OutcomeTone; heading: string; text: string } {
  if (state.ok) return { tone: "success", heading: copy.confirmedHeading, text: copy.nextSteps };
  switch (state.reason) {
    case "used":
      return { tone: "notice", heading: copy.usedHeading, text: copy.usedText };
    case "expired":
      return { tone: "warning", heading: copy.expiredHeading, text: CONFIRM_MESSAGES.expired };
    case "invalid":
      return { tone: "danger", heading: copy.invalidHeading, text: CONFIRM_MESSAGES.invalid };
    case "missing":
      return { tone: "danger", heading: copy.invalidHeading, text: state.message };
    case "resent":
      return { tone: "sent", heading: copy.resentHeading, text: state.message };
    default:
      return { tone: "danger", heading: copy.failedHeading, text: state.message };
  }
}

function ConfirmedList({ kinds }: { kinds: ConfirmedLeadKind[] }) {
  if (kinds.length === 0) return <p className="mt-4 text-sm text-muted">{copy.confirmedNothingLeft}</p>;
  return (
    <div className="mt-6">
      <h3 className="text-xs font-semibold uppercase tracking-widest text-brand-teal-dark">{copy.confirmedList}</h3>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {kinds.map((kind) => (
          <li
            key={kind}
            className="inline-flex items-center gap-1.5 rounded-full border border-green-200 bg-success-bg px-3 py-1 text-sm font-medium text-success"
          >
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {CONFIRMED_LEAD_LABELS[kind]}
          </li>
        ))}
      </ul>
    </div>
  );
}
