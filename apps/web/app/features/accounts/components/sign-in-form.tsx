import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { Button } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { apiAvailable, loginRequest } from "../api/accounts-api";
import { failSignIn, signIn } from "../auth-store";
import { safeRedirect } from "../redirects";

export function SignInForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
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
    signIn(result.token, result.user);
    toast.success(ACCOUNT_MESSAGES.welcomeBack);
    navigate(safeRedirect(params.get("redirect")), { replace: true });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate={false} className="grid gap-5">
      {error && <Notice tone="danger">{error}</Notice>}
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
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
