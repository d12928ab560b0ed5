import { AlertTriangle, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FRESH_SIGN_IN_MINUTES, ME_MESSAGES, type AccountSettings, type SessionInfo } from "@vestin/shared/me";
import { buttonClasses } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { GoogleButton } from "./google-button";
import { cn } from "~/lib/cn";
import { useApiForm } from "~/lib/use-api-form";
import { deleteAccount } from "../api/own-account-api";
import { ACCOUNT_COPY, ACCOUNT_DELETED_STATE } from "../own-account-copy";
import { minutesSince } from "../format";
import { SettingsSection } from "./settings-section";

const DANGER_BUTTON =
  "inline-flex h-11 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-danger px-5 text-sm font-semibold text-white transition duration-200 ease-out " +
  "hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-danger disabled:cursor-not-allowed disabled:opacity-60";

function WhatIsDeleted() {
  return (
    <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm text-ink marker:text-danger">
      {ACCOUNT_COPY.deleteWhat.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The danger zone: deleting the account for good. The dialog asks for the account's e-mail address
 * typed out and its password; a Google-only account instead needs a sign-in with Google in the last
 * FRESH_SIGN_IN_MINUTES minutes (the server checks; the dialog explains and offers the sign-in).
 */
export function DeleteAccountSection({ settings, currentSession }: { settings: AccountSettings; currentSession: SessionInfo | undefined }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useApiForm({ defaultValues: { email: "", password: "" } });
  const [message, setMessage] = useState<string | null>(null);
  const { busy, reset } = form;
  const googleOnly = !settings.hasPassword;
  const signedInMinutesAgo = currentSession ? minutesSince(currentSession.createdAt) : Number.POSITIVE_INFINITY;

  useEffect(() => {
    if (!open) return;
    reset({ email: "", password: "" });
    setMessage(null);
  }, [open, reset]);

  const send = async ({ email, password }: { email: string; password: string }) => {
    if (!email.trim()) return form.showErrors({ email: ME_MESSAGES.deleteEmailMismatch });
    if (!googleOnly && !password) return form.showErrors({ password: ME_MESSAGES.currentPasswordRequired });
    const result = await deleteAccount(googleOnly ? { email: email.trim() } : { email: email.trim(), password });
    if (!result.ok) {
      if (result.message === ME_MESSAGES.deleteEmailMismatch) form.showErrors({ email: result.message });
      else if (result.message === ME_MESSAGES.wrongPassword) form.showErrors({ password: result.message });
      else setMessage(result.message);
      return;
    }
    // The server has ended every session. The page that says the account is gone forgets the
    // session here once it is on screen: forgotten earlier, this member page's guard (still mounted
    // while the navigation commits) would send the person to sign-in.
    await navigate("/account/deleted", { replace: true, state: { [ACCOUNT_DELETED_STATE]: true } });
  };

  const submit = (event: FormEvent) => {
    form.clearErrors();
    setMessage(null);
    void form.handleSubmit(send)(event);
  };

  return (
    <SettingsSection id="delete-account" tone="danger" title={ACCOUNT_COPY.deleteTitle} intro={ACCOUNT_COPY.deleteIntro}>
      <p className="text-sm font-semibold">We delete:</p>
      <WhatIsDeleted />
      <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <AlertDialog.Trigger className={cn(buttonClasses("outline"), "mt-6 border-red-300 text-danger hover:border-danger hover:bg-danger-bg")}>
          <Trash2 aria-hidden="true" className="size-4" />
          {ACCOUNT_COPY.deleteOpen}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-2xl sm:p-8">
            <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-2xl bg-danger-bg text-danger">
              <AlertTriangle className="size-6" />
            </span>
            <AlertDialog.Title className="mt-4 text-xl font-bold tracking-tight">{ACCOUNT_COPY.deleteDialogTitle}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-2 text-sm leading-relaxed text-muted">
                <p>{ACCOUNT_COPY.deleteIntro} We delete:</p>
                <WhatIsDeleted />
              </div>
            </AlertDialog.Description>

            {googleOnly && (
              <div className="mt-5 grid gap-4">
                <Notice tone="notice">
                  <p>{ACCOUNT_COPY.googleOnly}</p>
                  {Number.isFinite(signedInMinutesAgo) && (
                    <p className="mt-1 font-semibold">
                      {ACCOUNT_COPY.freshSignIn(signedInMinutesAgo)}
                      {signedInMinutesAgo < FRESH_SIGN_IN_MINUTES ? "" : " Sign in again first."}
                    </p>
                  )}
                </Notice>
                <GoogleButton label={ACCOUNT_COPY.googleAgain} returnTo="/account/data" />
              </div>
            )}

            {/* POST, should the form ever be sent without its scripts: a password never goes into an address. */}
            <form method="post" onSubmit={submit} noValidate className="mt-6 grid gap-5">
              <Field
                label={ACCOUNT_COPY.deleteEmailLabel}
                name="confirmEmail"
                type="email"
                autoComplete="off"
                spellCheck={false}
                required
                value={form.values.email}
                error={form.error("email")}
                hint={
                  <>
                    Type <span className="font-mono font-semibold text-ink">{settings.email}</span>
                  </>
                }
                onChange={(e) => form.set("email", e.target.value)}
              />
              {!googleOnly && (
                <PasswordField
                  label={ACCOUNT_COPY.deletePasswordLabel}
                  name="password"
                  autoComplete="current-password"
                  required
                  value={form.values.password}
                  error={form.error("password")}
                  onChange={(e) => form.set("password", e.target.value)}
                />
              )}
              {message && <Notice tone="danger">{message}</Notice>}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel className={buttonClasses("outline")} disabled={busy}>
                  Cancel
                </AlertDialog.Cancel>
                <button type="submit" className={DANGER_BUTTON} disabled={busy}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {busy ? ACCOUNT_COPY.deleteBusy : ACCOUNT_COPY.deleteConfirm}
                </button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </SettingsSection>
  );
}
