import { useCallback, useState, type ChangeEvent } from "react";
import { useFocusFirstError } from "./use-form-focus";

type Errors = Record<string, string>;
type TextKey<S> = { [K in keyof S]: S[K] extends string ? K : never }[keyof S] & string;

type Options<S> = {
  /** Fields whose errors go together: editing the key clears the errors of every field listed. */
  linked?: Partial<Record<keyof S, readonly string[]>>;
  /** Runs after each edit (a form that must drop something the edited answer vouched for). */
  afterEdit?: (key: keyof S) => void;
};

/**
 * The state every lead form keeps: its answers, the error of each field (cleared as the field is
 * edited), and focus on the first field in error. `field(name)` gives a text control its name,
 * data-field (which useFocusFirstError looks for), value, error and change handler.
 */
export function useLeadForm<S extends Record<string, unknown>>(empty: S, { linked, afterEdit }: Options<S> = {}) {
  const [form, setForm] = useState<S>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();

  const clearErrors = useCallback(
    (keys: readonly string[]) =>
      setErrors((e) => {
        if (!keys.some((k) => k in e)) return e;
        const next = { ...e };
        for (const k of keys) delete next[k];
        return next;
      }),
    [],
  );

  /** Shows these errors next to their fields and moves the focus to the first. */
  const showErrors = useCallback(
    (found: Errors) => {
      setErrors(found);
      focusFirstError(found);
    },
    [focusFirstError],
  );

  const update = <K extends keyof S>(key: K, value: S[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(linked?.[key] ?? [key as string]);
    afterEdit?.(key);
  };

  const field = <K extends TextKey<S>>(key: K) => ({
    name: key,
    "data-field": key,
    value: form[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => update(key, e.target.value as S[K]),
  });

  return { ref, form, setForm, errors, setErrors, showErrors, clearErrors, focusFirstError, update, field };
}
