import { Search } from "lucide-react";
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useFieldIds } from "~/components/ui/field";
import { cn } from "~/lib/cn";

/** Compact controls for a dense console; 16 px text on phones so iOS does not zoom in. */
export const adminControlClasses =
  "block w-full rounded-lg border border-line bg-white px-3 text-base text-ink shadow-xs transition-colors sm:text-sm " +
  "placeholder:text-slate-400 hover:border-slate-300 focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/20 " +
  "aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/15 disabled:bg-slate-50 disabled:text-muted";

type Described = { label: ReactNode; error?: string | undefined; hint?: ReactNode; hideLabel?: boolean; wrapperClassName?: string };

/** What a labelled field hands its control: the id its label points at and the ARIA that ties in its hint and error. */
type ControlWiring = { id: string; required?: boolean | undefined; "aria-invalid"?: true | undefined; "aria-describedby"?: string | undefined };

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
      {required && <RequiredMark />}
    </label>
  );
}

/** The red star after the name of a field that must be filled in (screen readers hear `required` instead). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {" "}
      *
    </span>
  );
}

/** A field's error message, read out as it appears. */
export function FieldError({ id, className, children }: { id?: string | undefined; className?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className={cn("mt-1 text-sm font-medium text-danger", className)}>
      {children}
    </p>
  );
}

/**
 * The frame every console field shares: its label (a red star when required), the control, then
 * the hint and the error, both named by the control's aria-describedby. `control` draws the
 * control from the wiring and the remaining props.
 */
function LabelledField<P extends object>({
  label,
  error,
  hint,
  hideLabel,
  wrapperClassName,
  id,
  required,
  control,
  ...props
}: Described & { id?: string | undefined; required?: boolean | undefined; control: (wiring: ControlWiring & Omit<P, "id" | "required">) => ReactNode } & P) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, error, hint);
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={inputId} required={required} hidden={hideLabel}>
        {label}
      </Label>
      {control({ id: inputId, required, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, ...(props as Omit<P, "id" | "required">) })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs leading-relaxed text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export const AdminInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Described>(function AdminInput({ className, ...props }, ref) {
  return <LabelledField {...props} control={(wiring) => <input ref={ref} {...wiring} className={cn(adminControlClasses, "h-10", className)} />} />;
});

export const AdminSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Described>(function AdminSelect(
  { className, children, ...props },
  ref,
) {
  return (
    <LabelledField
      {...props}
      control={(wiring) => (
        <select ref={ref} {...wiring} className={cn(adminControlClasses, "h-10 pr-8", className)}>
          {children}
        </select>
      )}
    />
  );
});

export const AdminTextarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Described>(function AdminTextarea(
  { className, ...props },
  ref,
) {
  return (
    <LabelledField {...props} control={(wiring) => <textarea ref={ref} {...wiring} className={cn(adminControlClasses, "py-2 leading-relaxed", className)} />} />
  );
});

/** A search box with the magnifier drawn inside it. */
export function SearchField({ wrapperClassName, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & Described) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <AdminInput type="search" className="pl-9" {...props} />
      <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted" />
    </div>
  );
}

const choiceClasses =
  "flex cursor-pointer items-start gap-2.5 rounded-lg border border-line px-3 py-2 text-sm hover:bg-surface has-[:checked]:border-brand-violet/40 has-[:checked]:bg-brand-violet/5 has-[:disabled]:cursor-not-allowed";

/**
 * One option of a radio or checkbox group drawn as a card: the input, then `children` (a name and
 * a line about it). The whole card is the input's label.
 */
export function ChoiceCard({ className, children, ...input }: InputHTMLAttributes<HTMLInputElement> & { type: "radio" | "checkbox"; children: ReactNode }) {
  return (
    <label className={cn(choiceClasses, className)}>
      <input className="mt-0.5 size-4 shrink-0 accent-brand-violet" {...input} />
      <span>{children}</span>
    </label>
  );
}

/** The usual text of a choice card: a name, and under it what choosing it means. */
export function ChoiceText({ title, hint }: { title: ReactNode; hint: ReactNode }) {
  return (
    <>
      <span className="font-medium text-ink">{title}</span>
      <span className="block text-xs leading-relaxed text-muted">{hint}</span>
    </>
  );
}

/** A radio group drawn as cards, one per option, each with its name and what choosing it means. */
export function RadioCards<T extends string>({
  name,
  options,
  value,
  onChange,
  text,
  disabled,
  className,
}: {
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: Record<T, { label: string; hint: string }>;
  disabled?: (option: T) => boolean;
  className: string;
}) {
  return (
    <div className={className}>
      {options.map((option) => (
        <ChoiceCard
          key={option}
          type="radio"
          name={name}
          value={option}
          checked={value === option}
          disabled={disabled?.(option)}
          onChange={() => onChange(option)}
        >
          <ChoiceText title={text[option].label} hint={text[option].hint} />
        </ChoiceCard>
      ))}
    </div>
  );
}
