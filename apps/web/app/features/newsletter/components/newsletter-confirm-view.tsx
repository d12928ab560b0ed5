import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { NEWSLETTER_PATHS } from "@vestin/shared/newsletter-core";
import { Button, ButtonLink } from "~/components/ui/button";
import { useRunOnce } from "~/lib/use-run-once";
import { confirmSubscription, type ConfirmOutcome } from "../api/newsletter-api";
import { newsletterConfirmCopy as copy } from "../copy";
import { OutcomeActions, type OutcomeTone } from "~/components/ui/outcome";
import { LinkChecking, LinkOutcome } from "./link-outcome";
import { SubscribeForm } from "./subscribe-form";

type State = { kind: "checking" } | { kind: "missing"; message: string } | ConfirmOutcome;
type Shown = Exclude<State, { kind: "checking" }>;

const VIEWS: Record<Shown["kind"], { tone: OutcomeTone; heading: string }> = {
  confirmed: { tone: "success", heading: copy.confirmedHeading },
  "already-confirmed": { tone: "notice", heading: copy.alreadyHeading },
  expired: { tone: "warning", heading: copy.expiredHeading },
  invalid: { tone: "danger", heading: copy.invalidHeading },
  missing: { tone: "danger", heading: copy.invalidHeading },
  failed: { tone: "danger", heading: copy.failedHeading },
};

/**
 * Opens the link of the double opt-in e-mail. The confirmation is a POST sent by this page's
 * JavaScript after it has loaded, never by the server render: mail scanners that fetch every link
 * confirm nothing. Once used, the token leaves the address bar.
 */
export function NewsletterConfirmView() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [state, setState] = useState<State>({ kind: "checking" });

  const run = useCallback(async () => {
    if (!token) {
      setState({ kind: "missing", message: copy.missingToken });
      return;
    }
    setState({ kind: "checking" });
    const outcome = await confirmSubscription(token);
    setState(outcome);
    if (outcome.kind === "confirmed" || outcome.kind === "already-confirmed") window.history.replaceState(window.history.state, "", NEWSLETTER_PATHS.confirm);
  }, [token]);

  useRunOnce(run);

  // The page's heading is the state's own: the request first, then only its outcome.
  if (state.kind === "checking") return <LinkChecking title={copy.title} intro={copy.intro} text={copy.checking} />;

  const view = VIEWS[state.kind];
  const subscribed = state.kind === "confirmed" || state.kind === "already-confirmed";
  return (
    <LinkOutcome tone={view.tone} heading={view.heading} text={<p>{state.message}</p>} focusKey={state.kind} level={1}>
      {state.kind === "expired" && (
        <div className="mx-auto mt-8 max-w-md text-left">
          <p id="ask-again" className="mb-4 text-center text-sm text-muted">
            {copy.askAgain}
          </p>
          {/* The form enum has no value for this page; the page path sent with it says where it was. */}
          <SubscribeForm form="footer" labelledBy="ask-again" />
        </div>
      )}
      <OutcomeActions>
        {state.kind === "failed" && (
          <Button size="lg" onClick={() => void run()}>
            {copy.retry}
          </Button>
        )}
        {subscribed && (
          <ButtonLink to="/articles" size="lg">
            {copy.readArticles}
          </ButtonLink>
        )}
        {(state.kind === "invalid" || state.kind === "missing") && (
          <ButtonLink to="/contact" size="lg" variant="outline">
            {copy.contactLink}
          </ButtonLink>
        )}
        <ButtonLink to="/" size="lg" variant={state.kind === "invalid" || state.kind === "missing" ? "primary" : "outline"}>
          {copy.homeLink}
        </ButtonLink>
      </OutcomeActions>
    </LinkOutcome>
  );
}
