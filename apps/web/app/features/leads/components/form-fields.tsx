import { ChevronDown } from "lucide-react";
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-ink">
      {children}
      {required && (
        <span aria-hidden="true" className="text-danger">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-danger">
      {children}
    </p>
  );
}

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
      <Label htmlFor={selectId} required={required}>
        {label}
      </Label>
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
      <Label htmlFor={areaId} required={required}>
        {label}
      </Label>
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
        {options.map((o) => {
          const checked = values.includes(o.value);
          return (
            <label
              key={o.value}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm transition-colors",
                checked ? "border-brand-violet bg-brand-violet/5" : "border-line hover:border-slate-300",
              )}
            >
              <input
                type="checkbox"
                name={name}
                value={o.value}
                checked={checked}
                onChange={(e) => onToggle(o.value, e.target.checked)}
                className="size-5 shrink-0 cursor-pointer rounded border-line accent-brand-violet"
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
