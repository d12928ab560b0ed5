import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { Button } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { apiAvailable, loginRequest } from "../api/accounts-api";
import { failSignIn } from "~/lib/session/auth-store";
import { useFinishSignIn } from "../use-finish-sign-in";
import { ScriptsOffField } from "./scripts-off-field";

/**
 * The password step. With two-factor sign-in on, a right password answers a challenge instead of
 * a session: `onChallenge` hands it to the second step. `notice` says why the visitor is back here
 * (the second step took too long, scripts are off); `initialEmail` keeps what they typed and
 * `initialError` what the server said of a form posted before the scripts ran.
 *
 * The form posts to `action` (the page's own address), so a form sent before the scripts run, or
 * without them, goes to the server in the body and never puts the password in the address; once
 * the scripts run they send it to the API themselves.
 */
export function SignInForm({
  action,
  onChallenge,
  notice = null,
  initialEmail = "",
  initialError = null,
}: {
  action: string;
  onChallenge: (challenge: string, email: string) => void;
  notice?: string | null;
  initialEmail?: string;
  initialError?: string | null;
}) {
  const finishSignIn = useFinishSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [shownNotice, setShownNotice] = useState(notice);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setShownNotice(null);
    setBusy(true);
    if (!(await apiAvailable())) {
      setBusy(false);
      setError(ACCOUNT_MESSAGES.apiUnavailable);
      return;
    }
    const result = await loginRequest(email, password);
    setBusy(false);
    if (!result.ok) {
      failSignIn(result.message);
      setError(result.message);
      return;
    }
    if ("challenge" in result.data) {
      onChallenge(result.data.challenge, email);
      return;
    }
    finishSignIn(result.data);
  };

  return (
    <form method="post" action={action} onSubmit={(e) => void submit(e)} className="grid gap-5">
      <input type="hidden" name="intent" value="password" />
      <ScriptsOffField />
      {error && <Notice tone="danger">{error}</Notice>}
      {shownNotice && <Notice tone="notice">{shownNotice}</Notice>}
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          // Back from the second step (or a refused form): the address is kept, the password is typed again.
          autoFocus={Boolean(initialEmail)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-violet hover:underline">
            Forgot your password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Signing in…" : "Sign In"}
      </Button>
    </form>
  );
}
