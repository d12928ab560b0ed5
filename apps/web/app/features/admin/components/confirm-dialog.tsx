import { AlertDialog } from "radix-ui";
import { useEffect, useId, useState, type ReactNode } from "react";
import type { Blocker } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { AdminInput } from "./admin-fields";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open (buttons disabled) until it settles. */
  onConfirm: () => Promise<void> | void;
  /** When set, the admin must type this text exactly before the action is enabled. */
  typeToConfirm?: string;
  tone?: "danger" | "default";
};

/** The filled red button that confirms a destructive action. */
export const dangerButtonClasses =
  "inline-flex h-9 items-center justify-center gap-2 rounded-full bg-danger px-4 text-sm font-semibold text-white hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50";

/** The foot of a confirmation dialog: Cancel, then the action (`children`); both wait while `busy`. */
export function ConfirmActions({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <AlertDialog.Cancel className={buttonClasses("outline", "sm")} disabled={busy}>
        Cancel
      </AlertDialog.Cancel>
      {children}
    </div>
  );
}

/** Asks before anything that cannot be undone: delete, erase, revoke. Escape or Cancel backs out. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, typeToConfirm, tone = "danger" }: ConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  useEffect(() => {
    if (open) setTyped("");
  }, [open]);
  const matches = typeToConfirm === undefined || typed.trim().toLowerCase() === typeToConfirm.trim().toLowerCase();

  const confirm = async () => {
    if (!matches || busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm leading-relaxed text-muted">{description}</div>
          </AlertDialog.Description>
          {typeToConfirm !== undefined && (
            <form
              className="mt-4"
              onSubmit={(event) => {
                event.preventDefault();
                event.stopPropagation();
                void confirm();
              }}
            >
              <AdminInput
                id={inputId}
                label={
                  <>
                    Type <span className="font-mono font-semibold">{typeToConfirm}</span> to confirm
                  </>
                }
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </form>
          )}
          <ConfirmActions busy={busy}>
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={!matches || busy}
              className={tone === "danger" ? dangerButtonClasses : buttonClasses("secondary", "sm")}
            >
              {busy ? "Working…" : confirmLabel}
            </button>
          </ConfirmActions>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Asks before leaving an editor whose changes are not saved. `blocker` is the router's, from
 * useUnsavedChanges: Escape or Cancel stays on the page, the confirm button leaves it.
 */
export function LeaveWithoutSavingDialog({
  blocker,
  description,
  confirmLabel = "Leave the page",
}: {
  blocker: Blocker;
  description: string;
  confirmLabel?: string;
}) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}
