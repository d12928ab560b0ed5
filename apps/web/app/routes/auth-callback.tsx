import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, oauthErrorMessage } from "@vestin/shared/accounts-core";
import { googleCallbackRequest } from "~/features/accounts/api/accounts-api";
import { signIn } from "~/features/accounts/auth-store";
import { takePathAfterGoogle } from "~/features/accounts/redirects";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Signing You In", description: "Completing Google sign-in.", noindex: true });

/** Where Google sends the browser back: finish sign-in, or explain what went wrong on /signin. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState("One moment while we complete your Google sign-in.");
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
      signIn(result.token, result.user);
      toast.success(ACCOUNT_MESSAGES.welcomeGoogle);
      navigate(next, { replace: true });
    });
  }, [params, navigate]);

  return (
    <section className="container-page flex flex-col items-center py-24 text-center" aria-live="polite">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-violet" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Signing you in…</h1>
      <p className="mt-2 text-muted">{status}</p>
    </section>
  );
}
