import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, type BaseSyntheticEvent } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver, type SubmitHandler } from "react-hook-form";
import type { z } from "@vestin/shared/zod";

type Options<V extends FieldValues> = {
  defaultValues: V;
  /** Checked in the browser before anything is sent; its messages land on the fields. */
  schema?: z.ZodType<unknown, V>;
};

/**
 * The form state of the console and the account pages, held by react-hook-form: the values, the
 * errors of each field (the schema's, or the server's `errors` from a refusal) and whether a
 * submission is running. Errors are shown after a submission and stay until the next one.
 * Kept out of the public pages, whose forms use the lighter lead-form hook (their JavaScript budget).
 */
export function useApiForm<V extends FieldValues>({ defaultValues, schema }: Options<V>) {
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: schema ? (zodResolver(schema as never) as unknown as Resolver<V>) : undefined,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { setError, clearErrors, setValue, formState } = form;
  const values = form.watch();

  /** Puts these errors on their fields (the server may name fields the form does not show). */
  const showErrors = useCallback(
    (errors: Record<string, string | undefined>) => {
      clearErrors();
      for (const [name, message] of Object.entries(errors)) if (message) setError(name as Path<V>, { type: "server", message });
    },
    [clearErrors, setError],
  );

  const set = useCallback(<K extends Path<V>>(name: K, value: PathValue<V, K>) => setValue(name, value, { shouldDirty: true }), [setValue]);

  /** Every field's error by its name as the server keys it ("author.name", "tags.0"). */
  const errors = flatErrors(formState.errors);
  /** The error shown beside a field. */
  const error = (name: string): string | undefined => errors[name];

  return {
    values,
    set,
    error,
    errors,
    showErrors,
    clearErrors: () => clearErrors(),
    reset: form.reset,
    /**
     * onSubmit for the <form>: runs `send` with the checked values unless the schema refused them;
     * while a submission runs, another is refused (a double click sends once). The last
     * submission's errors go first: react-hook-form would otherwise hold a server's error on a
     * field it does not validate itself as a reason not to send.
     */
    handleSubmit: (send: SubmitHandler<V>) => async (event?: BaseSyntheticEvent) => {
      if (formState.isSubmitting) {
        event?.preventDefault();
        return;
      }
      clearErrors();
      await form.handleSubmit(send)(event);
    },
    busy: formState.isSubmitting,
  };
}

/** react-hook-form nests an error set on "author.name" under author → name; the forms read them flat. */
export function flatErrors(errors: object, prefix = ""): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || !value || typeof value !== "object") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message) flat[path] = message;
    else Object.assign(flat, flatErrors(value, path));
  }
  return flat;
}
