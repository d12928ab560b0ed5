import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { ME_MESSAGES, passwordChangeSchema, type AccountSettings } from "@vestin/shared/me";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/field";
import { NewPasswordFields } from "./new-password-fields";
import { useApiForm } from "~/lib/use-api-form";
import { changePassword } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { fieldErrorsOf } from "../field-errors";
import { SectionStatusMessage, SettingsSection, type SectionStatus } from "./settings-section";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Which field a refusal from the server is about, when it names none. */
function fieldOf(message: string): "currentPassword" | "newPassword" | undefined {
  if (message === ME_MESSAGES.wrongPassword || message === ME_MESSAGES.currentPasswordRequired) return "currentPassword";
  if (message === ME_MESSAGES.samePassword) return "newPassword";
  return undefined;
}

/**
 * Change the password (current + new + confirm), or set one on a Google-only account. As at sign
 * up, differing passwords raise the "Passwords do not match" toast and nothing is sent.
 */
export function PasswordSection({ settings, onChanged }: { settings: AccountSettings; onChanged: () => void }) {
  const form = useApiForm({ defaultValues: EMPTY });
  const [status, setStatus] = useState<SectionStatus>(null);
  const hasPassword = settings.hasPassword;

  const save = async (values: typeof EMPTY) => {
    const input = hasPassword ? { currentPassword: values.currentPassword, newPassword: values.newPassword } : { newPassword: values.newPassword };
    const parsed = passwordChangeSchema.safeParse(input);
    const next: Record<string, string> = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (hasPassword && !values.currentPassword) next.currentPassword = ME_MESSAGES.currentPasswordRequired;
    if (Object.keys(next).length === 0 && values.newPassword !== values.confirmPassword) {
      toast.error(ACCOUNT_MESSAGES.passwordsDoNotMatch);
      next.confirmPassword = ACCOUNT_MESSAGES.passwordsDoNotMatch;
    }
    form.showErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;

    const result = await changePassword(parsed.data);
    if (!result.ok) {
      const field = fieldOf(result.message);
      form.showErrors(result.errors ?? (field ? { [field]: result.message } : {}));
      setStatus({ tone: "danger", text: result.message });
      return;
    }
    form.reset(EMPTY);
    setStatus({ tone: "success", text: result.data || (hasPassword ? ME_MESSAGES.passwordChanged : ME_MESSAGES.passwordSet) });
    onChanged();
  };

  const submit = (event: FormEvent) => {
    setStatus(null);
    void form.handleSubmit(save)(event);
  };

  return (
    <SettingsSection
      id="password"
      title={hasPassword ? ACCOUNT_COPY.passwordTitle : ACCOUNT_COPY.setPasswordTitle}
      intro={hasPassword ? ACCOUNT_COPY.passwordIntro : ACCOUNT_COPY.setPasswordIntro}
    >
      {/* POST, should the form ever be sent without its scripts: a password never goes into an address. */}
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="grid gap-5"
        aria-label={hasPassword ? ACCOUNT_COPY.passwordTitle : ACCOUNT_COPY.setPasswordTitle}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={settings.email} readOnly hidden />
        {hasPassword && (
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={form.values.currentPassword}
            error={form.error("currentPassword")}
            onChange={(e) => form.set("currentPassword", e.target.value)}
          />
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields
            name="newPassword"
            labels={{ password: "New password", confirm: "Confirm new password" }}
            values={{ password: form.values.newPassword, confirm: form.values.confirmPassword }}
            errors={{ password: form.error("newPassword"), confirm: form.error("confirmPassword") }}
            onChange={form.set}
          />
        </div>
        <SectionStatusMessage status={status} testId="password-status" />
        <div>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? "Saving…" : hasPassword ? ACCOUNT_COPY.changePassword : ACCOUNT_COPY.setPassword}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
