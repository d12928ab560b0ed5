import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { Button } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { apiAvailable, loginRequest } from "../api/accounts-api";
import { failSignIn } from "~/lib/session/auth-store";
import { useFinishSignIn } from "../use-finish-sign-in";

/**
 * The password step. With two-factor sign-in on, a right password answers a challenge instead of
 * a session: `onChallenge` hands it to the second step. `notice` says why the visitor is back here
 * (the second step took too long); `initialEmail` keeps what they typed.
 */
export function SignInForm({
  onChallenge,
  notice = null,
  initialEmail = "",
}: {
  onChallenge: (challenge: string, email: string) => void;
  notice?: string | null;
  initialEmail?: string;
}) {
  const finishSignIn = useFinishSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
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
    if ("challenge" in result) {
      onChallenge(result.challenge, email);
      return;
    }
    finishSignIn(result);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate={false} className="grid gap-5">
      {error && <Notice tone="danger">{error}</Notice>}
      {shownNotice && <Notice tone="notice">{shownNotice}</Notice>}
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          // Back from the second step: the address is kept, the password is typed again.
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
