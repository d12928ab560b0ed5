import { PASSWORD_MIN } from "@vestin/shared/accounts-core";
import { PasswordField } from "~/components/ui/field";

/**
 * A new password and the same typed again, as the sign-up and the account's password section ask
 * for them; the caller lays the two out. The confirmation is always named confirmPassword.
 */
export function NewPasswordFields<Name extends string>({
  name,
  labels,
  values,
  errors,
  onChange,
}: {
  name: Name;
  labels: { password: string; confirm: string };
  values: { password: string; confirm: string };
  errors: { password?: string | undefined; confirm?: string | undefined };
  /** Called with the changed field's name. */
  onChange: (field: Name | "confirmPassword", value: string) => void;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name={name}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={values.password}
        error={errors.password}
        onChange={(e) => onChange(name, e.target.value)}
      />
      <PasswordField
        label={labels.confirm}
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirm}
        error={errors.confirm}
        onChange={(e) => onChange("confirmPassword", e.target.value)}
      />
    </>
  );
}
