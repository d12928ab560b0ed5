import { CheckCircle2, KeyRound, LinkIcon, MailCheck, type LucideIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ADMIN_PASSWORD_MIN, PASSWORD_MIN } from "@vestin/shared/accounts-core";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import { forgotPasswordRequest, resetPasswordRequest } from "../api/accounts-api";
import type { PasswordActionData, PasswordLinkInfo } from "../form-results";
import { PASSWORD_LINK_COPY } from "../password-copy";

/*
 * Every form here posts to the page itself (features/accounts/form-actions.server.ts), so the
 * whole flow works before the scripts run and without them; once they run, each form calls the
 * API itself. The reset's token travels in the form's body, never in the address it posts to.
 */

type Step = "forgot" | "sent" | "reset" | "invalid" | "done";

type StepIntroProps = { icon: LucideIcon; tile: string; title: ReactNode; children: ReactNode };

/** A step's opening: its icon on a tile tinted for the step (`tile`), the page's h1, and what to do or what happened. */
function StepIntro({ icon: Icon, tile, title, children }: StepIntroProps) {
  return (
    <>
      <span className={cn("inline-flex size-12 items-center justify-center rounded-2xl", tile)}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted">{children}</p>
    </>
  );
}

/** Where the flow stops: what happened, and the one way on. */
function StepEnd({ to, action, ...intro }: StepIntroProps & { to: string; action: string }) {
  return (
    <div className="text-center">
      <StepIntro {...intro} />
      <ButtonLink to={to} size="lg" className="mt-6">
        {action}
      </ButtonLink>
    </div>
  );
}

function RequestLinkForm({
  onSent,
  initialEmail,
  initialError,
}: {
  onSent: (email: string, resetToken?: string) => void;
  initialEmail: string;
  initialError: string | null;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(initialError);
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
      <StepIntro icon={KeyRound} tile="bg-brand-violet/10 text-brand-violet" title="Forgot your password?">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </StepIntro>
      <form method="post" action="/forgot-password" onSubmit={(e) => void submit(e)} className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="request" />
        {error && <Notice tone="danger">{error}</Notice>}
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending…" : "Send Reset Link"}
        </Button>
      </form>
    </>
  );
}

function CheckYourEmail({ email, resent }: { email: string; resent: boolean }) {
  const [busy, setBusy] = useState(false);
  const resend = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await forgotPasswordRequest(email, ACCOUNT_MESSAGES.failedResend);
    setBusy(false);
    if (result.ok) toast.success("We sent the link again.");
    else toast.error(result.message || ACCOUNT_MESSAGES.failedResend);
  };
  return (
    <div className="text-center">
      <StepIntro icon={MailCheck} tile="bg-brand-teal/10 text-brand-teal-dark" title="Check Your Email">
        If an account exists for <strong className="text-ink">{email}</strong>, a link to reset your password is on its way. It works once, for one hour.
      </StepIntro>
      {resent && (
        <Notice tone="success" className="mt-4 text-left">
          We sent the link again.
        </Notice>
      )}
      <p className="mt-4 text-sm text-muted">Nothing arrived after a few minutes? Check your spam folder, or send it again.</p>
      <form method="post" action="/forgot-password" onSubmit={(e) => void resend(e)}>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="outline" className="mt-6" disabled={busy}>
          {busy ? "Sending…" : "Resend Email"}
        </Button>
      </form>
    </div>
  );
}

function CreateNewPasswordDialog({
  token,
  link,
  initialError,
  onDone,
  onClose,
}: {
  token: string;
  link: PasswordLinkInfo | null;
  initialError: string | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const copy = PASSWORD_LINK_COPY[link?.purpose ?? "reset"];
  // Named here, not by the dialog's own ids, which it only sets once scripts run.
  const titleId = useId();
  const descriptionId = useId();
  const administrator = link?.administrator ?? false;
  const minLength = administrator ? ADMIN_PASSWORD_MIN : PASSWORD_MIN;
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError(ACCOUNT_MESSAGES.passwordsDoNotMatchReset);
    if (password.length < minLength) return setError(administrator ? ACCOUNT_MESSAGES.adminPasswordTooShort : ACCOUNT_MESSAGES.passwordTooShort);
    setBusy(true);
    setError(null);
    const result = await resetPasswordRequest(token, password);
    setBusy(false);
    if (!result.ok) return setError(result.message || ACCOUNT_MESSAGES.failedReset);
    onDone();
  };
  return (
    // No portal: the dialog is part of the page's HTML, so its form works before the scripts run.
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
      <Dialog.Content
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-2xl sm:p-8"
      >
        <Dialog.Title id={titleId} className="text-2xl font-bold tracking-tight">
          {copy.dialogTitle}
        </Dialog.Title>
        <Dialog.Description id={descriptionId} className="mt-2 text-muted">
          {copy.rule(administrator)}
        </Dialog.Description>
        <form method="post" action="/reset-password" onSubmit={(e) => void submit(e)} className="mt-6 grid gap-5">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={token} />
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
            {busy ? copy.busy : copy.submit}
          </Button>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PasswordChanged({ purpose }: { purpose: PasswordLinkInfo["purpose"] }) {
  const copy = PASSWORD_LINK_COPY[purpose];
  return (
    <StepEnd icon={CheckCircle2} tile="bg-success-bg text-success" title={copy.doneTitle} to="/signin" action="Go to Sign In">
      {copy.doneText}
    </StepEnd>
  );
}

function LinkNoLongerWorks() {
  return (
    <StepEnd icon={LinkIcon} tile="bg-notice-bg text-notice" title={PASSWORD_LINK_COPY.invalidTitle} to="/forgot-password" action={PASSWORD_LINK_COPY.newLink}>
      {PASSWORD_LINK_COPY.invalidText}
    </StepEnd>
  );
}

/**
 * /forgot-password and /reset-password: request a link, check e-mail, set a new password, done.
 * `link` is what the address's link is for (the page's loader asked); `posted` is where a form
 * posted to the page left off.
 */
export function ForgotPasswordFlow({
  link,
  invalidLink,
  posted,
}: {
  link: PasswordLinkInfo | null;
  invalidLink: boolean;
  posted: PasswordActionData | undefined;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const postedToken = posted?.step === "reset" ? posted.token : null;
  const linkToken = params.get("token") ?? postedToken;
  const [sentTo, setSentTo] = useState(posted?.step === "sent" ? posted.email : "");
  const [responseToken, setResponseToken] = useState<string | null>(null);
  const [done, setDone] = useState(posted?.step === "done");
  const token = linkToken ?? responseToken;
  const linkInfo = link ?? (posted?.step === "reset" ? posted.link : null);
  const purpose = posted?.step === "done" ? posted.purpose : (linkInfo?.purpose ?? "reset");
  const step: Step = done ? "done" : invalidLink && !responseToken ? "invalid" : token ? "reset" : sentTo ? "sent" : "forgot";
  const copy = PASSWORD_LINK_COPY[purpose];

  return (
    <>
      {step === "forgot" && (
        <RequestLinkForm
          initialEmail={posted?.step === "forgot" ? posted.email : (params.get("email") ?? "")}
          initialError={posted?.step === "forgot" ? posted.error : null}
          onSent={(email, resetToken) => {
            setSentTo(email);
            if (resetToken) setResponseToken(resetToken);
          }}
        />
      )}
      {step === "sent" && <CheckYourEmail email={sentTo} resent={posted?.step === "sent" && posted.resent} />}
      {step === "invalid" && <LinkNoLongerWorks />}
      {step === "reset" && token && (
        <>
          <h1 className="text-2xl font-bold tracking-tight">{copy.pageTitle}</h1>
          <p className="mt-2 text-muted">{copy.pageIntro}</p>
          <CreateNewPasswordDialog
            token={token}
            link={linkInfo}
            initialError={posted?.step === "reset" ? posted.error : null}
            onDone={() => setDone(true)}
            onClose={() => {
              setResponseToken(null);
              void navigate("/forgot-password", { replace: true });
            }}
          />
        </>
      )}
      {step === "done" && <PasswordChanged purpose={purpose} />}
      {step !== "done" && purpose === "reset" && (
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
