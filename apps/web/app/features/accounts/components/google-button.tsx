import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { CONSENT_WORDINGS } from "@vestin/shared/consents-core";
import { LegalSentence } from "~/features/consents";
import { useRootData } from "~/lib/use-root-data";
import { googleAuthUrlRequest } from "../api/accounts-api";
import { rememberPathAfterGoogle, safeRedirect } from "~/lib/session/redirects";
import { OrDivider } from "./auth-card";

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/**
 * "Continue with Google": fetches the authorization URL and leaves for Google. `returnTo`: where
 * the callback sends the member afterwards (default: the page's `redirect`, same-site only, else
 * the learning area). `termsNotice` shows the sentence an account created this way is recorded as
 * having accepted (sign-in and sign-up pages). Where Google sign-in is not configured on this
 * server there is no button at all.
 */
export function GoogleButton({ label = "Continue with Google", returnTo, termsNotice = false }: { label?: string; returnTo?: string; termsNotice?: boolean }) {
  const { googleSignIn } = useRootData();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  if (!googleSignIn) return null;

  const start = async () => {
    setBusy(true);
    const result = await googleAuthUrlRequest();
    if (result.ok) {
      const redirect = params.get("redirect");
      const next = returnTo ?? (redirect ? safeRedirect(redirect) : undefined);
      if (next) rememberPathAfterGoogle(next);
      window.location.assign(result.url);
      return;
    }
    setBusy(false);
    toast.error(ACCOUNT_MESSAGES.failedGoogleLogin, { description: result.message });
  };

  return (
    <div className="mx-auto w-full min-w-[280px] max-w-[400px]">
      <button
        type="button"
        onClick={() => void start()}
        disabled={busy}
        className="flex h-12 w-full items-center justify-center gap-3 rounded-full border border-line bg-white text-sm font-semibold text-ink shadow-sm transition hover:bg-surface disabled:cursor-not-allowed disabled:opacity-60"
      >
        <GoogleMark />
        {busy ? "Redirecting to Google…" : label}
      </button>
      {termsNotice && (
        <p className="mt-2 text-center text-xs text-muted">
          <LegalSentence text={CONSENT_WORDINGS.google.text} linkClassName="underline underline-offset-2 hover:text-ink" />
        </p>
      )}
    </div>
  );
}

/** The sign-in and sign-up pages' Google button and the "or" under it, both only where Google sign-in is configured. */
export function GoogleSignIn({ label, termsNotice = false }: { label?: string; termsNotice?: boolean }) {
  const { googleSignIn } = useRootData();
  if (!googleSignIn) return null;
  return (
    <>
      <GoogleButton {...(label ? { label } : {})} termsNotice={termsNotice} />
      <OrDivider />
    </>
  );
}
