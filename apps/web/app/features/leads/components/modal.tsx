import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  closeLabel?: string;
  /** "sheet" is a centred card; "fullscreen" covers the whole viewport. */
  size?: "sheet" | "fullscreen";
  className?: string;
};

/** A Radix dialog: focus trapped inside, Escape and the close button close it, focus returns to the opener. */
export function Modal({ open, onOpenChange, title, description, children, closeLabel = "Close", size = "sheet", className }: ModalProps) {
  const fullscreen = size === "fullscreen";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70 backdrop-blur-sm" />
        <Dialog.Content
          className={cn(
            "fixed z-50 overflow-y-auto focus:outline-none",
            fullscreen
              ? "inset-0 bg-navy-950 text-white"
              : "left-1/2 top-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-white p-6 text-ink shadow-2xl sm:p-8",
            className,
          )}
        >
          <div className={cn(fullscreen && "container-page max-w-3xl py-8 sm:py-12")}>
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className={cn("font-bold tracking-tight", fullscreen ? "text-3xl sm:text-4xl" : "text-xl sm:text-2xl")}>{title}</Dialog.Title>
              <Dialog.Close
                aria-label={closeLabel}
                className={cn(
                  "-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full",
                  fullscreen ? "hover:bg-white/10" : "hover:bg-slate-100",
                )}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            {description ? (
              <Dialog.Description className={cn("mt-2", fullscreen ? "text-lg text-slate-300" : "text-muted")}>{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            <div className="mt-6">{children}</div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
