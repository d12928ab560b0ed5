import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * The learning area's centred dialog: the dimmed backdrop, the white card and its Close button.
 * Radix traps the focus inside, closes on Escape and gives the focus back; `children` holds the
 * Dialog.Title and Dialog.Description that name it.
 */
export function DialogShell({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-white p-6 text-center shadow-2xl sm:p-8">
          <Dialog.Close className="absolute right-3 top-3 rounded-full p-2 text-muted hover:bg-slate-100" aria-label="Close">
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
