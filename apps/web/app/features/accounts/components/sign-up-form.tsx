import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import { CONSENT_WORDINGS } from "@vestin/shared/consents-core";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { LegalSentence } from "~/features/consents";
import { useFormGuard } from "~/lib/form-guard";
import { apiAvailable, registerRequest } from "../api/accounts-api";
import { setAuthError, signIn } from "~/lib/session/auth-store";
import { safeRedirect } from "~/lib/session/redirects";
import { NameFields } from "./name-fields";
import type { SignUpActionData } from "../form-results";
import { NewPasswordFields } from "./new-password-fields";
import { ScriptsOffField } from "./scripts-off-field";

type Form = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
  subscribeNewsletter: boolean;
};

/**
 * The sign-up form. It posts to `action` (the page's own address), so a form sent before the
 * scripts run, or without them, goes to the server in the body; the page then comes back with
 * `posted`: what was typed (passwords aside) and what to do. Once the scripts run they send it to
 * the API themselves.
 */
export function SignUpForm({ action, posted }: { action: string; posted?: SignUpActionData | undefined }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>({
    firstName: posted?.values.firstName ?? "",
    lastName: posted?.values.lastName ?? "",
    email: posted?.values.email ?? "",
    password: "",
    confirmPassword: "",
    agreeToTerms: posted?.values.agreeToTerms ?? false,
    subscribeNewsletter: posted?.values.subscribeNewsletter ?? true,
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(posted?.notice ?? null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const guard = useFormGuard();
  const update = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setFieldErrors({});
    if (form.password !== form.confirmPassword) {
      toast.error(ACCOUNT_MESSAGES.passwordsDoNotMatch);
      setFieldErrors({ confirmPassword: ACCOUNT_MESSAGES.passwordsDoNotMatch });
      return;
    }
    setBusy(true);
    if (!(await apiAvailable())) {
      setBusy(false);
      setError(ACCOUNT_MESSAGES.apiUnavailable);
      return;
    }
    const result = guard.settle(
      await registerRequest({
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        password: form.password,
        subscribeNewsletter: form.subscribeNewsletter,
        agreeToTerms: form.agreeToTerms,
        ...(await guard.prepare()),
      }),
    );
    setBusy(false);
    if (!result.ok) {
      setAuthError(result.message);
      setError(result.message);
      setFieldErrors(result.errors ?? {});
      return;
    }
    signIn(result.data.token, result.data.user);
    toast.success(ACCOUNT_MESSAGES.accountCreated, { description: `Welcome to ${PRODUCT_NAME}, ${result.data.user.firstName}!` });
    await navigate(safeRedirect(params.get("redirect")), { replace: true });
  };

  return (
    <form method="post" action={action} onSubmit={(e) => void submit(e)} className="grid gap-5">
      <ScriptsOffField />
      {error && <Notice tone="danger">{error}</Notice>}
      {notice && <Notice tone="notice">{notice}</Notice>}
      <NameFields values={form} errors={fieldErrors} onChange={update} />
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={form.email}
        error={fieldErrors.email}
        onChange={(e) => update("email", e.target.value)}
      />
      <NewPasswordFields
        name="password"
        labels={{ password: "Password", confirm: "Confirm password" }}
        values={{ password: form.password, confirm: form.confirmPassword }}
        errors={{ password: fieldErrors.password, confirm: fieldErrors.confirmPassword }}
        onChange={update}
      />
      <CheckboxField
        name="agreeToTerms"
        required
        checked={form.agreeToTerms}
        onChange={(e) => update("agreeToTerms", e.target.checked)}
        // The sentence the server records with the account's acceptance of both documents.
        label={<LegalSentence text={CONSENT_WORDINGS.signup.text} linkClassName="font-medium text-brand-violet underline underline-offset-2" />}
      />
      <CheckboxField
        name="subscribeNewsletter"
        checked={form.subscribeNewsletter}
        onChange={(e) => update("subscribeNewsletter", e.target.checked)}
        label="Send me course updates and news (you can unsubscribe at any time)."
      />
      <FormGuardFields guard={guard} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Creating your account…" : "Create Account"}
      </Button>
    </form>
  );
}
