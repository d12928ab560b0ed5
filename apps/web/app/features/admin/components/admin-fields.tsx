import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/** Compact controls for a dense console; 16 px text on phones so iOS does not zoom in. */
export const adminControlClasses =
  "block w-full rounded-lg border border-line bg-white px-3 text-base text-ink shadow-xs transition-colors sm:text-sm " +
  "placeholder:text-slate-400 hover:border-slate-300 focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/20 " +
  "aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/15 disabled:bg-slate-50 disabled:text-muted";

type Described = { label: ReactNode; error?: string | undefined; hint?: ReactNode; hideLabel?: boolean; wrapperClassName?: string };

function useDescribed(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return { inputId, errorId, hintId, describedBy };
}

function Label({
  htmlFor,
  children,
  required,
  hidden,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean | undefined;
  hidden?: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className={hidden ? "sr-only" : "mb-1 block text-sm font-medium text-ink"}>
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

function Messages({ error, hint, errorId, hintId }: { error?: string | undefined; hint?: ReactNode; errorId: string; hintId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-xs leading-relaxed text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </>
  );
}

export const AdminInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Described>(function AdminInput(
  { label, error, hint, hideLabel, wrapperClassName, id, className, required, ...props },
  ref,
) {
  const { inputId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={inputId} required={required} hidden={hideLabel}>
        {label}
      </Label>
      <input
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(adminControlClasses, "h-10", className)}
        {...props}
      />
      <Messages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
});

export const AdminSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Described>(function AdminSelect(
  { label, error, hint, hideLabel, wrapperClassName, id, className, required, children, ...props },
  ref,
) {
  const { inputId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={inputId} required={required} hidden={hideLabel}>
        {label}
      </Label>
      <select
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(adminControlClasses, "h-10 pr-8", className)}
        {...props}
      >
        {children}
      </select>
      <Messages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
});

export const AdminTextarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Described>(function AdminTextarea(
  { label, error, hint, hideLabel, wrapperClassName, id, className, required, ...props },
  ref,
) {
  const { inputId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={inputId} required={required} hidden={hideLabel}>
        {label}
      </Label>
      <textarea
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(adminControlClasses, "py-2 leading-relaxed", className)}
        {...props}
      />
      <Messages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
});
