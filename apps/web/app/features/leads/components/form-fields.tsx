import { ChevronDown } from "lucide-react";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { FieldError, FieldLabel, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";

type Option = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: ReactNode;
  options: readonly Option[];
  placeholder: string;
  error?: string | undefined;
};

/** A labelled native select (the platform's own keyboard and screen-reader support), error wired up. */
export function SelectField({ label, options, placeholder, error, id, className, required, ...props }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={selectId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <select
          id={selectId}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClasses, "cursor-pointer appearance-none pr-11", !props.value && "text-placeholder")}
          {...props}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} className="text-ink">
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3.5 top-1/2 size-5 -translate-y-1/2 text-muted" />
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string | undefined;
  /** Shown under the field (a live character counter, for example). */
  counter?: ReactNode;
};

export function TextAreaField({ label, error, counter, id, className, required, ...props }: TextAreaFieldProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const errorId = `${areaId}-error`;
  const counterId = `${areaId}-counter`;
  const describedBy = [error ? errorId : undefined, counter ? counterId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={areaId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={areaId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, "min-h-28 resize-y")}
        {...props}
      />
      {counter && (
        <p id={counterId} className="mt-1.5 text-right text-sm text-muted" aria-live="polite">
          {counter}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The list with `value` added (checked) or taken out (unchecked): what a checkbox group holds after a toggle. */
export function toggled<T extends string>(values: readonly T[], value: T, checked: boolean): T[] {
  return checked ? [...values, value] : values.filter((v) => v !== value);
}

const CHOICE_LOOKS = {
  checkbox: { card: "py-3", checked: "", input: "size-5 cursor-pointer rounded border-line" },
  radio: { card: "py-3.5 font-medium", checked: "ring-1 ring-brand-violet", input: "size-4" },
} as const;

type ChoiceCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "children"> & {
  type: keyof typeof CHOICE_LOOKS;
  children: ReactNode;
};

/** A checkbox or radio button drawn as a card that the whole label clicks, highlighted while checked. */
export function ChoiceCard({ type, children, ...input }: ChoiceCardProps) {
  const look = CHOICE_LOOKS[type];
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-xl border px-4 text-sm transition-colors",
        look.card,
        input.checked ? cn("border-brand-violet bg-brand-violet/5", look.checked) : "border-line hover:border-slate-300",
      )}
    >
      <input type={type} className={cn("shrink-0 accent-brand-violet", look.input)} {...input} />
      {children}
    </label>
  );
}

type CheckboxGroupProps = {
  legend: ReactNode;
  name: string;
  options: readonly Option[];
  values: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  error?: string | undefined;
  required?: boolean;
  columns?: 1 | 2;
  className?: string;
};

/** Checkboxes in a fieldset whose legend names the group; one error for the group. */
export function CheckboxGroup({ legend, name, options, values, onToggle, error, required, columns = 2, className }: CheckboxGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} data-field={name}>
      <legend className="mb-2 text-sm font-medium text-ink">
        {legend}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className={cn("grid gap-2", columns === 2 && "sm:grid-cols-2")}>
        {options.map((o) => (
          <ChoiceCard
            key={o.value}
            type="checkbox"
            name={name}
            value={o.value}
            checked={values.includes(o.value)}
            onChange={(e) => onToggle(o.value, e.target.checked)}
          >
            <span>{o.label}</span>
          </ChoiceCard>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
