import { useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { describeFailure, type AdminResult } from "../api/admin-request";
import { fieldError, otherErrors } from "../content/field-errors";

type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * An editor's form: its values, the field errors (found in the browser or answered by the server),
 * the message above the form and whether a save is running. `text(key)` binds a text field to a
 * value; `save` runs a save the same way in every editor.
 */
export function useEditorForm<F extends Record<string, string | boolean>>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const update = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = (field: string) => fieldError(errors, field);

  /** Value, onChange and error of a text field bound to `key` (the server may key its error `errorKey`). */
  const text = <K extends TextKey<F>>(key: K, errorKey: string = String(key)) => ({
    value: form[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => update(key, event.target.value as F[K]),
    error: error(errorKey),
  });

  /**
   * One save: `problems` found in the browser stop it before anything is sent; otherwise `request`
   * runs, and a refusal's field errors land beside their fields. `onSaved` gets the saved record.
   */
  const save = async <T>(problems: Record<string, string>, request: () => Promise<AdminResult<T>>, onSaved: (saved: T) => void) => {
    if (Object.keys(problems).length) {
      setErrors(problems);
      setFormError("Some fields need attention.");
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const result = await request();
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setFormError(describeFailure(result));
        return;
      }
      setErrors({});
      onSaved(result.data);
    } catch {
      setFormError("The server did not answer. Nothing was saved.");
    } finally {
      setSaving(false);
    }
  };

  /** Forgets the last save's errors (another record opened). */
  const clearErrors = () => {
    setErrors({});
    setFormError(null);
  };

  return {
    form,
    setForm,
    update,
    text,
    error,
    saving,
    save,
    clearErrors,
    formError,
    /** The server's field errors the form has no field for, given the fields it has. */
    otherErrors: (shown: string[]) => otherErrors(errors, shown),
  };
}

/** Says how a delete went: "Not deleted" and why, or `done`. True when the record is gone. */
export function reportDelete(result: AdminResult<unknown>, done: string, description?: string): boolean {
  if (!result.ok) {
    toast.error("Not deleted", { description: describeFailure(result) });
    return false;
  }
  toast.success(done, description ? { description } : undefined);
  return true;
}
