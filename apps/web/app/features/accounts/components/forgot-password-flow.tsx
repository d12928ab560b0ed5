import { CheckCircle2, KeyRound, MailCheck } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, PASSWORD_MIN } from "@vestin/shared/accounts-core";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { forgotPasswordRequest, resetPasswordRequest } from "../api/accounts-api";

type Step = "forgot" | "sent" | "reset" | "done";

function RequestLinkForm({ onSent }: { onSent: (email: string, resetToken?: string) => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await forgotPasswordRequest(email, ACCOUNT_MESSAGES.failedResetEmail);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onSent(email, result.resetToken);
  };
  return (
    <>
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-violet/10 text-brand-violet">
        <KeyRound aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 text-muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-6 grid gap-5">
        {error && <Notice tone="danger">{error}</Notice>}
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending…" : "Send Reset Link"}
        </Button>
      </form>
    </>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    const result = await forgotPasswordRequest(email, ACCOUNT_MESSAGES.failedResend);
    setBusy(false);
    if (result.ok) toast.success("We sent the link again.");
    else toast.error(result.message || ACCOUNT_MESSAGES.failedResend);
  };
  return (
    <div className="text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-teal/10 text-brand-teal-dark">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">Check Your Email</h1>
      <p className="mt-2 text-muted">
        If an account exists for <strong className="text-ink">{email}</strong>, a link to reset your password is on its way. It works once, for one hour.
      </p>
      <p className="mt-4 text-sm text-muted">Nothing arrived after a few minutes? Check your spam folder, or send it again.</p>
      <Button variant="outline" className="mt-6" onClick={() => void resend()} disabled={busy}>
        {busy ? "Sending…" : "Resend Email"}
      </Button>
    </div>
  );
}

function CreateNewPasswordDialog({ token, onDone, onClose }: { token: string; onDone: () => void; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError(ACCOUNT_MESSAGES.passwordsDoNotMatchReset);
    if (password.length < PASSWORD_MIN) return setError(ACCOUNT_MESSAGES.passwordTooShort);
    setBusy(true);
    setError(null);
    const result = await resetPasswordRequest(token, password);
    setBusy(false);
    if (!result.ok) return setError(result.message || ACCOUNT_MESSAGES.failedReset);
    onDone();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-white p-6 shadow-2xl sm:p-8">
          <Dialog.Title className="text-2xl font-bold tracking-tight">Create New Password</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">Choose a password of at least 6 characters.</Dialog.Description>
          <form onSubmit={(e) => void submit(e)} className="mt-6 grid gap-5">
            {error && <Notice tone="danger">{error}</Notice>}
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordField
              label="Confirm new password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Saving…" : "Reset Password"}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PasswordChanged() {
  return (
    <div className="text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-success-bg text-success">
        <CheckCircle2 aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">Password Changed!</h1>
      <p className="mt-2 text-muted">Your password has been reset. For your security, every device was signed out.</p>
      <ButtonLink to="/signin" size="lg" className="mt-6">
        Go to Sign In
      </ButtonLink>
    </div>
  );
}

/** /forgot-password and /reset-password: request a link, check e-mail, set a new password, done. */
export function ForgotPasswordFlow() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linkToken = params.get("token");
  const [sentTo, setSentTo] = useState("");
  const [responseToken, setResponseToken] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const token = linkToken ?? responseToken;
  const step: Step = done ? "done" : token ? "reset" : sentTo ? "sent" : "forgot";

  return (
    <>
      {step === "forgot" && (
        <RequestLinkForm
          onSent={(email, resetToken) => {
            setSentTo(email);
            if (resetToken) setResponseToken(resetToken);
          }}
        />
      )}
      {step === "sent" && <CheckYourEmail email={sentTo} />}
      {step === "reset" && token && (
        <>
          <h1 className="text-2xl font-bold tracking-tight">Reset your password</h1>
          <p className="mt-2 text-muted">Choose a new password in the dialog.</p>
          <CreateNewPasswordDialog
            token={token}
            onDone={() => setDone(true)}
            onClose={() => {
              setResponseToken(null);
              void navigate("/forgot-password", { replace: true });
            }}
          />
        </>
      )}
      {step === "done" && <PasswordChanged />}
      {step !== "done" && (
        <p className="mt-6 text-center text-sm text-muted">
          Remembered it?{" "}
          <Link to="/signin" className="font-semibold text-brand-violet hover:underline">
            Sign in
          </Link>
        </p>
      )}
    </>
  );
}
