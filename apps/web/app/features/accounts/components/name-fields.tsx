import { Field } from "~/components/ui/field";

type NameField = "firstName" | "lastName";

const NAME_FIELDS: Array<{ name: NameField; label: string; autoComplete: string }> = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
];

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
      {NAME_FIELDS.map(({ name, label, autoComplete }) => (
        <Field
          key={name}
          label={label}
          name={name}
          autoComplete={autoComplete}
          required
          maxLength={maxLength}
          value={values[name]}
          error={errors[name]}
          onChange={(e) => onChange(name, e.target.value)}
        />
      ))}
    </div>
  );
}
