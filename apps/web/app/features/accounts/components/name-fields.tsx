import { Field } from "~/components/ui/field";

type NameField = "firstName" | "lastName";

/** First and last name side by side (stacked on a phone), as the sign-up and the profile ask for them. */
export function NameFields({
  values,
  errors,
  onChange,
  maxLength,
}: {
  values: Record<NameField, string>;
  errors: Partial<Record<NameField, string | undefined>>;
  onChange: (field: NameField, value: string) => void;
  /** The longest name the form's schema takes. */
  maxLength?: number;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        maxLength={maxLength}
        value={values.firstName}
        error={errors.firstName}
        onChange={(e) => onChange("firstName", e.target.value)}
      />
      <Field
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        required
        maxLength={maxLength}
        value={values.lastName}
        error={errors.lastName}
        onChange={(e) => onChange("lastName", e.target.value)}
      />
    </div>
  );
}
