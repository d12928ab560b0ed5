import { AlertTriangle } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { buttonClasses } from "~/components/ui/button";
import { ASSESSMENT_COPY } from "../copy";

/** Asked before an attempt is submitted with questions left blank (they count as wrong). */
export function SubmitConfirmDialog({
  open,
  onOpenChange,
  unanswered,
  onConfirm,
  onKeepAnswering,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unanswered: number;
  onConfirm: () => void;
  onKeepAnswering: () => void;
  /** Called as focus leaves the dialog; returns true when it moved focus itself. */
  onClosed?: () => boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (onClosed?.()) event.preventDefault();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-white p-6 shadow-2xl sm:p-8"
        >
          <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-2xl bg-notice-bg text-notice">
            <AlertTriangle className="size-6" />
          </span>
          <AlertDialog.Title className="mt-4 text-xl font-bold tracking-tight">{ASSESSMENT_COPY.confirmTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{ASSESSMENT_COPY.confirmBody(unanswered)}</AlertDialog.Description>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <AlertDialog.Cancel className={buttonClasses("outline")} onClick={onKeepAnswering}>
              {ASSESSMENT_COPY.keepAnswering}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses("primary")} onClick={onConfirm}>
              {ASSESSMENT_COPY.submitAnyway}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
