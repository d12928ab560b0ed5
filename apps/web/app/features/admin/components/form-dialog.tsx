import { Dialog } from "radix-ui";
import type { FormEvent, ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * A dialog around one form: title, a line of description, the fields, and Cancel beside the submit
 * button. Radix traps focus and closes it on Escape, except while `busy` (a request is out).
 */
export function FormDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  onSubmit,
  cancelLabel = "Cancel",
  submitLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent) => Promise<void>;
  cancelLabel?: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm leading-relaxed text-muted">{description}</Dialog.Description>
          {/* The submit handler reports its own failures in the form (field errors, a notice). */}
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-5">
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
