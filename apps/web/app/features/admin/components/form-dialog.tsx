import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import type { FieldValues, SubmitHandler } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import type { useApiForm } from "~/lib/use-api-form";

/**
 * A dialog around one form: title, a line of description, the form-wide error (the `form` key of
 * the errors), the fields, and Cancel beside the submit button. Submitting runs `send` through the
 * form's own handler. Radix traps focus and closes it on Escape, except while the form is busy
 * (a request is out).
 */
export function FormDialog<V extends FieldValues>({
  open,
  onOpenChange,
  form,
  send,
  title,
  description,
  cancelLabel = "Cancel",
  submitLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: Pick<ReturnType<typeof useApiForm<V>>, "busy" | "errors" | "handleSubmit">;
  send: SubmitHandler<V>;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const { busy } = form;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm leading-relaxed text-muted">{description}</Dialog.Description>
          {/* The submit handler reports its own failures in the form (field errors, a notice). */}
          <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)} className="mt-5 space-y-5">
            {form.errors.form && <Notice tone="danger">{form.errors.form}</Notice>}
            {children}
            <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline" size="sm" disabled={busy}>
                  {cancelLabel}
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
