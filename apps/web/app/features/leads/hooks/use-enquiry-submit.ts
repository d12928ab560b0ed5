import { useState } from "react";
import { toast } from "sonner";
import { useFormGuard } from "~/lib/form-guard";
import type { ApiResult } from "~/lib/api-client";
import { useLaterTimer } from "./use-form-focus";

/** Success messages clear, and the form empties, 5 s after a submission. */
export const RESET_AFTER_MS = 5000;

type Errors = Record<string, string>;

type Options<I> = {
  send: (input: I) => Promise<ApiResult<unknown>>;
  submittingToast: string;
  successMessage: string;
  /** Schema and server field names → the form's own field names (focus and messages). */
  toFormErrors?: (errors: Errors) => Errors;
  /** Empties the form once the success message has shown. */
  onReset: () => void;
  /** The form's error display (from useLeadForm). */
  fields: { setErrors: (errors: Errors) => void; showErrors: (errors: Errors) => void };
};

/**
 * The submit flow the contact and partnership forms share: nothing is sent while
 * a request is in flight or the input is invalid; a loading toast becomes the success or error
 * toast; the message shows inline; server field errors go next to their fields, with focus on
 * the first; after success the form clears 5 s later. The form guard's fields (token, honeypot,
 * challenge) go with every submission; render `<FormGuardFields guard={guard} />` in the form.
 */
export function useEnquirySubmit<I>({ send, submittingToast, successMessage, toFormErrors = (e) => e, onReset, fields }: Options<I>) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { later } = useLaterTimer();
  const guard = useFormGuard();

  const showErrors = (found: Errors) => fields.showErrors(toFormErrors(found));

  /** `invalid` holds the shared schema's field errors for this input, or null when it is valid. */
  const submit = async (input: I, invalid: Errors | null) => {
    if (busy) return;
    setMessage(null);
    if (invalid) return showErrors(invalid);
    fields.setErrors({});
    setBusy(true);
    const toastId = toast.loading(submittingToast);
    const result = guard.settle(await send({ ...input, ...(await guard.prepare()) }));
    setBusy(false);
    if (result.ok) {
      toast.success(successMessage, { id: toastId });
      setMessage(successMessage);
      later(RESET_AFTER_MS, () => {
        onReset();
        setMessage(null);
      });
      return;
    }
    toast.error(result.message, { id: toastId });
    setMessage(result.message);
    if (result.errors) showErrors(result.errors);
  };

  return { message, busy, submit, guard };
}
