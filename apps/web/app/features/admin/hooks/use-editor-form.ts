import type { ApiResult } from "~/lib/api-client";
import { useCallback, useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import { fieldError, otherErrors } from "../content/field-errors";

type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * An editor's form, held by react-hook-form (useApiForm): its values, the field errors (found in
 * the browser or answered by the server), the message above the form and whether a save is
 * running. `text(key)` binds a text field to a value; `save` runs a save the same way in every editor.
 */
export function useEditorForm<F extends Record<string, string | boolean>>(initial: F | (() => F)) {
  const [defaultValues] = useState(initial);
  const api = useApiForm<F>({ defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const { reset, set, showErrors, clearErrors: clearFieldErrors } = api;

  /** Replaces every value (another record opened, or the saved one). */
  const setForm = useCallback((values: F) => reset(values), [reset]);
  const update = <K extends keyof F & string>(key: K, value: F[K]) => set(key as never, value as never);
  const error = (field: string) => fieldError(api.errors, field);

  /** Value, onChange and error of a text field bound to `key` (the server may key its error `errorKey`). */
  const text = <K extends TextKey<F>>(key: K, errorKey: string = key) => ({
    value: api.values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => update(key, event.target.value as F[K]),
    error: error(errorKey),
  });

  /**
   * One save: `problems` found in the browser stop it before anything is sent; otherwise `request`
   * runs, and a refusal's field errors land beside their fields. `onSaved` gets the saved record.
   */
  const save = async <T>(problems: Record<string, string>, request: () => Promise<ApiResult<T>>, onSaved: (saved: T) => void) => {
    if (Object.keys(problems).length) {
      showErrors(problems);
      setFormError("Some fields need attention.");
      return;
    }
    setFormError(null);
    await api.handleSubmit(async () => {
      const result = await request();
      if (!result.ok) {
        showErrors(result.errors ?? {});
        setFormError(describeFailure(result));
        return;
      }
      clearFieldErrors();
      onSaved(result.data);
    })();
  };

  /** Forgets the last save's errors (another record opened). */
  const clearErrors = () => {
    clearFieldErrors();
    setFormError(null);
  };

  return {
    form: api.values,
    setForm,
    update,
    text,
    error,
    saving: api.busy,
    save,
    clearErrors,
    formError,
    /** The server's field errors the form has no field for, given the fields it has. */
    otherErrors: (shown: string[]) => otherErrors(api.errors, shown),
  };
}

/** Says how a delete went: "Not deleted" and why, or `done`. True when the record is gone. */
export function reportDelete(result: ApiResult<unknown>, done: string, description?: string): boolean {
  if (!result.ok) {
    toast.error("Not deleted", { description: describeFailure(result) });
    return false;
  }
  toast.success(done, description ? { description } : undefined);
  return true;
}
