import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES, oauthErrorMessage } from "@vestin/shared/accounts-core";
import { googleCallbackRequest } from "~/features/accounts/api/accounts-api";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TwoFactorStep } from "~/features/accounts/components/two-factor-step";
import { takePathAfterGoogle } from "~/lib/session/redirects";
import { TWO_FACTOR_COPY } from "~/features/accounts/two-factor-copy";
import { useFinishSignIn } from "~/features/accounts/use-finish-sign-in";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Signing You In", description: "Completing Google sign-in.", noindex: true });

/**
 * Where Google sends the browser back: finish sign-in (with the code step here when two-factor
 * sign-in is on), or explain what went wrong on /signin.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [status, setStatus] = useState("One moment while we complete your Google sign-in.");
  const [secondStep, setSecondStep] = useState<{ challenge: string; next: string; recovery: boolean } | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const next = takePathAfterGoogle();
    const toSignIn = (error: string, message: string) =>
      navigate(`/signin?error=${encodeURIComponent(error)}&message=${encodeURIComponent(message)}`, { replace: true });

    const error = params.get("error");
    if (error) return void toSignIn(error, oauthErrorMessage(error));
    const code = params.get("code");
    if (!code) return void toSignIn("missing_code", ACCOUNT_MESSAGES.noAuthorizationCode);

    setStatus("Checking your Google account…");
    void googleCallbackRequest(code, params.get("state") ?? "").then((result) => {
      if (!result.ok) return toSignIn("oauth_failed", result.message || ACCOUNT_MESSAGES.oauthFailed);
      if ("challenge" in result.data) return setSecondStep({ challenge: result.data.challenge, next, recovery: false });
      finishSignIn(result.data, { welcome: ACCOUNT_MESSAGES.welcomeGoogle, to: next });
    });
  }, [params, navigate, finishSignIn]);

  if (secondStep) {
    return (
      <AuthCard title={TWO_FACTOR_COPY.stepTitle} subtitle={secondStep.recovery ? TWO_FACTOR_COPY.stepIntroRecovery : TWO_FACTOR_COPY.stepIntro}>
        <TwoFactorStep
          challenge={secondStep.challenge}
          onSignedIn={(session) => finishSignIn(session, { welcome: ACCOUNT_MESSAGES.welcomeGoogle, to: secondStep.next })}
          onKindChange={(kind) => setSecondStep({ ...secondStep, recovery: kind === "recoveryCode" })}
          onRestart={(message) => navigate(message ? `/signin?message=${encodeURIComponent(message)}` : "/signin", { replace: true })}
        />
      </AuthCard>
    );
  }

  return (
    <section className="container-page flex flex-col items-center py-24 text-center" aria-live="polite">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-violet" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Signing you in…</h1>
      <p className="mt-2 text-muted">{status}</p>
    </section>
  );
}
