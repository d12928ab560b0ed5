import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter-core";
import { Button, ButtonLink } from "~/components/ui/button";
import { lookUpUnsubscribeLink, unsubscribe, type LinkProblem } from "../api/newsletter-api";
import { newsletterUnsubscribeCopy as copy } from "../copy";
import { LinkChecking, LinkOutcome, OutcomeActions } from "./link-outcome";

type State =
  | { kind: "checking" }
  | { kind: "missing" }
  | { kind: "ask"; email: string; pending: boolean; sending?: boolean; error?: string }
  | { kind: "unsubscribed" | "already-unsubscribed"; message: string }
  | LinkProblem;

/**
 * Opens the unsubscribe link of a newsletter: no sign-in, one question and one button. Looking the
 * link up changes nothing (mail scanners fetch links); only the button's POST unsubscribes.
 */
export function NewsletterUnsubscribeView() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [state, setState] = useState<State>({ kind: "checking" });
  const started = useRef(false);

  const lookUp = useCallback(async () => {
    if (!token) {
      setState({ kind: "missing" });
      return;
    }
    setState({ kind: "checking" });
    const found = await lookUpUnsubscribeLink(token);
    if (found.kind !== "found") setState(found);
    else if (found.status === "unsubscribed") setState({ kind: "already-unsubscribed", message: NEWSLETTER_MESSAGES.alreadyUnsubscribed });
    else setState({ kind: "ask", email: found.email, pending: found.status === "pending" });
  }, [token]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void lookUp();
  }, [lookUp]);

  const confirmUnsubscribe = async () => {
    if (state.kind !== "ask" || state.sending) return;
    setState({ ...state, sending: true, error: undefined });
    const outcome = await unsubscribe(token);
    // A network failure keeps the question, with the reason next to the button, to try again.
    if (outcome.kind === "failed") setState({ ...state, sending: false, error: outcome.message });
    else setState(outcome);
  };

  switch (state.kind) {
    case "checking":
      return <LinkChecking text={copy.checking} />;
    case "ask":
      return (
        <LinkOutcome tone="question" heading={copy.askHeading(state.email)} text={<p>{state.pending ? copy.pendingText : copy.askText}</p>} focusKey="ask">
          {state.error && (
            <p role="alert" className="mx-auto mt-6 max-w-prose rounded-xl border border-red-200 bg-danger-bg px-4 py-3 text-sm text-danger">
              {state.error}
            </p>
          )}
          <OutcomeActions>
            <Button size="lg" onClick={() => void confirmUnsubscribe()} disabled={state.sending}>
              {state.sending ? copy.unsubscribing : copy.unsubscribe}
            </Button>
            <ButtonLink to="/articles" size="lg" variant="outline">
              {copy.keep}
            </ButtonLink>
          </OutcomeActions>
        </LinkOutcome>
      );
    case "unsubscribed":
    case "already-unsubscribed":
      return (
        <LinkOutcome
          tone={state.kind === "unsubscribed" ? "success" : "notice"}
          heading={state.kind === "unsubscribed" ? copy.doneHeading : copy.alreadyHeading}
          text={
            <>
              <p>{state.message}</p>
              <p className="mt-2 text-sm">{copy.comeBack}</p>
            </>
          }
          focusKey={state.kind}
        >
          <OutcomeActions>
            <ButtonLink to="/articles" size="lg">
              {copy.readArticles}
            </ButtonLink>
            <ButtonLink to="/" size="lg" variant="outline">
              {copy.homeLink}
            </ButtonLink>
          </OutcomeActions>
        </LinkOutcome>
      );
    default: {
      const expired = state.kind === "expired";
      const failed = state.kind === "failed";
      return (
        <LinkOutcome
          tone={expired ? "warning" : "danger"}
          heading={expired ? copy.expiredHeading : failed ? copy.failedHeading : copy.invalidHeading}
          text={<p>{state.kind === "missing" ? copy.missingToken : state.message}</p>}
          focusKey={state.kind}
        >
          <OutcomeActions>
            {failed ? (
              <Button size="lg" onClick={() => void lookUp()}>
                {copy.retry}
              </Button>
            ) : (
              <ButtonLink to="/contact" size="lg">
                {copy.contactLink}
              </ButtonLink>
            )}
            <ButtonLink to="/" size="lg" variant="outline">
              {copy.homeLink}
            </ButtonLink>
          </OutcomeActions>
        </LinkOutcome>
      );
    }
  }
}
