import { AlertDialog } from "radix-ui";
import { formatTokenUnits } from "@vestin/shared/airdrop-rewards";
import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { useApiForm } from "~/lib/use-api-form";
import { REVIEW_NOTE_MAX, type ReviewClaim, type ReviewDecision } from "../api/airdrop-review-api";
import { AdminTextarea } from "../components/admin-fields";
import { ConfirmActions, dangerButtonClasses } from "../components/confirm-dialog";
import { leaderboardMatch } from "./review-logic";
import { REVIEW_COPY } from "./review-copy";

type DecisionDialogProps = {
  /** The claim and the decision being confirmed; null when closed. */
  pending: { claim: ReviewClaim; decision: ReviewDecision } | null;
  onClose: () => void;
  /** Sends the decision; resolves to a field error to show, or undefined when done. */
  onConfirm: (note: string) => Promise<string | undefined>;
};

/**
 * Asks before a decision, with an optional note. Escape or Cancel backs out; the dialog stays open
 * (buttons disabled) while the decision is sent.
 */
export function DecisionDialog({ pending, onClose, onConfirm }: DecisionDialogProps) {
  const form = useApiForm({ defaultValues: { note: "" } });
  const note = form.values.note;
  const busy = form.busy;
  const open = pending !== null;
  // Each decision asked for starts with an empty note and no error.
  const asked = pending ? `${pending.claim._id}:${pending.decision}` : null;
  const { reset } = form;
  // Each decision asked for starts with an empty note.
  useEffect(() => {
    if (asked) reset({ note: "" });
  }, [asked, reset]);

  // Keep the last claim on screen while the dialog animates closed.
  const [shown, setShown] = useState(pending);
  useEffect(() => {
    if (pending) setShown(pending);
  }, [pending]);
  if (!shown) return null;
  const { claim, decision } = shown;
  const approve = decision === "approve";

  const confirm = async (values: { note: string }) => {
    const error = await onConfirm(values.note);
    if (error) form.showErrors({ note: error });
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-ink">
            {approve ? REVIEW_COPY.approveTitle(claim.zealyUsername) : REVIEW_COPY.rejectTitle(claim.zealyUsername)}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm leading-relaxed text-muted">
              <p>
                {formatTokenUnits(claim.vstnRewardUnits)} VSTN · wallet <span className="font-mono break-all text-ink">{claim.walletAddress}</span>
              </p>
              <p>{approve ? REVIEW_COPY.approveBody : REVIEW_COPY.rejectBody}</p>
            </div>
          </AlertDialog.Description>
          {approve && leaderboardMatch(claim) === "mismatch" && (
            <Notice tone="danger" className="mt-4">
              {REVIEW_COPY.mismatchWarning}
            </Notice>
          )}
          <form className="mt-4" onSubmit={(event) => void form.handleSubmit(confirm)(event)}>
            <AdminTextarea
              label={REVIEW_COPY.noteLabel}
              hint={`${REVIEW_COPY.noteHint} ${note.length}/${REVIEW_NOTE_MAX}`}
              value={note}
              maxLength={REVIEW_NOTE_MAX}
              rows={3}
              error={form.error("note")}
              onChange={(event) => form.set("note", event.target.value)}
            />
            <ConfirmActions busy={busy}>
              <button type="submit" disabled={busy} className={approve ? buttonClasses("secondary", "sm") : dangerButtonClasses}>
                {busy ? "Saving…" : approve ? "Approve claim" : "Reject claim"}
              </button>
            </ConfirmActions>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
