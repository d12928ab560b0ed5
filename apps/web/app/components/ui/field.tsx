import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import { cn } from "~/lib/cn";

export const inputClasses =
  "block w-full rounded-xl border border-line bg-white px-4 py-3 text-base text-ink shadow-sm transition-colors " +
  "placeholder:text-placeholder hover:border-slate-300 focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/20 " +
  "aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/15 disabled:bg-slate-50";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Content drawn inside the input on the right (e.g. a show/hide button). */
  adornment?: ReactNode;
};

/** A control's label, with the red asterisk (hidden from screen readers, which hear "required") when it must be filled. */
export function FieldLabel({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean | undefined }) {
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

/** A control's error, announced when it appears; the control names it in aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-danger">
      {children}
    </p>
  );
}

/**
 * The ids that tie a control to its error and hint (`aria-describedby` lists only those shown):
 * one place for every labelled field, the site's forms and the console's alike.
 */
export function useFieldIds(id: string | undefined, error: ReactNode, hint: ReactNode) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return { inputId, errorId, hintId, describedBy };
}

/** A labelled input with its error and hint wired up for assistive technology. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, adornment, id, className, required, ...props }, ref) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, error, hint);
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, adornment ? "pr-12" : undefined)}
          {...props}
        />
        {adornment && <div className="absolute inset-y-0 right-0 flex items-center pr-2">{adornment}</div>}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, "type" | "adornment">>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      ref={ref}
      type={visible ? "text" : "password"}
      adornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-slate-100 hover:text-ink"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
      {...props}
    />
  );
});

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode; error?: string | undefined };

export function CheckboxField({ label, error, id, className, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="flex cursor-pointer items-start gap-3 text-sm text-ink">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-line accent-brand-violet"
          {...props}
        />
        <span>{label}</span>
      </label>
      {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
    </div>
  );
}
