import { type ReactNode, useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter-core";
import { Button, ButtonLink } from "~/components/ui/button";
import { useRunOnce } from "~/lib/use-run-once";
import { lookUpUnsubscribeLink, unsubscribe, type LinkProblem } from "../api/newsletter-api";
import { newsletterUnsubscribeCopy as copy } from "../copy";
import { OutcomeActions, type OutcomeTone } from "~/components/ui/outcome";
import { LinkChecking, LinkOutcome } from "./link-outcome";

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

  useRunOnce(lookUp);

  const confirmUnsubscribe = async () => {
    if (state.kind !== "ask" || state.sending) return;
    setState({ ...state, sending: true, error: undefined });
    const outcome = await unsubscribe(token);
    // A network failure keeps the question, with the reason next to the button, to try again.
    if (outcome.kind === "failed") setState({ ...state, sending: false, error: outcome.message });
    else setState(outcome);
  };

  // The page's heading is the state's own: the request first, then only its outcome.
  if (state.kind === "checking") return <LinkChecking title={copy.title} intro={copy.intro} text={copy.checking} />;
  if (state.kind === "ask") {
    return (
      <LinkOutcome
        tone="question"
        heading={copy.askHeading(state.email)}
        text={<p>{state.pending ? copy.pendingText : copy.askText}</p>}
        focusKey="ask"
        level={1}
      >
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
  }

  // Where the link ended: what happened, its one way forward, and the way home.
  let end: { tone: OutcomeTone; heading: string; text: ReactNode; next: ReactNode };
  if (state.kind === "unsubscribed" || state.kind === "already-unsubscribed") {
    const done = state.kind === "unsubscribed";
    end = {
      tone: done ? "success" : "notice",
      heading: done ? copy.doneHeading : copy.alreadyHeading,
      text: (
        <>
          <p>{state.message}</p>
          <p className="mt-2 text-sm">{copy.comeBack}</p>
        </>
      ),
      next: (
        <ButtonLink to="/articles" size="lg">
          {copy.readArticles}
        </ButtonLink>
      ),
    };
  } else {
    const expired = state.kind === "expired";
    const failed = state.kind === "failed";
    end = {
      tone: expired ? "warning" : "danger",
      heading: expired ? copy.expiredHeading : failed ? copy.failedHeading : copy.invalidHeading,
      text: <p>{state.kind === "missing" ? copy.missingToken : state.message}</p>,
      next: failed ? (
        <Button size="lg" onClick={() => void lookUp()}>
          {copy.retry}
        </Button>
      ) : (
        <ButtonLink to="/contact" size="lg">
          {copy.contactLink}
        </ButtonLink>
      ),
    };
  }
  return (
    <LinkOutcome tone={end.tone} heading={end.heading} text={end.text} focusKey={state.kind} level={1}>
      <OutcomeActions>
        {end.next}
        <ButtonLink to="/" size="lg" variant="outline">
          {copy.homeLink}
        </ButtonLink>
      </OutcomeActions>
    </LinkOutcome>
  );
}
