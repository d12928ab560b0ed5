import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { LEARN_EARN_LIMITS, LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn-core";
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import { AdminTextarea } from "../components/admin-fields";
import { ConfirmActions, dangerButtonClasses } from "../components/confirm-dialog";
import { type QuestGrant, revokeGrant } from "./quests-api";

/**
 * Asks before revoking a grant, with the reason the person reads in the e-mail the server sends
 * (required). The grant stays listed as revoked; its XP stops counting for the sprint.
 */
export function RevokeDialog({ grant, onClose, onRevoked }: { grant: QuestGrant | null; onClose: () => void; onRevoked: (grant: QuestGrant) => void }) {
  const form = useApiForm({ defaultValues: { reason: "" } });
  const { reset, busy } = form;
  const reason = form.values.reason ?? "";
  // Keep the last grant on screen while the dialog animates closed.
  const [shown, setShown] = useState(grant);
  useEffect(() => {
    if (grant) {
      setShown(grant);
      reset({ reason: "" });
    }
  }, [grant, reset]);
  if (!shown) return null;

  const confirm = async (values: { reason: string }) => {
    if (!values.reason.trim()) {
      form.showErrors({ reason: LEARN_EARN_MESSAGES.revokeReasonRequired });
      return;
    }
    const result = await revokeGrant(shown.id, values.reason.trim());
    if (!result.ok) {
      form.showErrors({ reason: result.errors?.reason ?? describeFailure(result) });
      return;
    }
    onRevoked(result.data);
  };

  return (
    <AlertDialog.Root open={grant !== null} onOpenChange={(next) => !next && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-ink">Revoke {shown.xp.toLocaleString("en-US")} XP?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm leading-relaxed text-muted">
              <p>
                <strong className="text-ink">{shown.name}</strong> ({shown.email})
                {shown.wallet && (
                  <>
                    {" "}
                    · wallet <span className="break-all font-mono text-ink">{shown.wallet}</span>
                  </>
                )}
              </p>
              <p>The XP stops counting toward the sprint. The person gets an e-mail with your reason. This cannot be undone.</p>
            </div>
          </AlertDialog.Description>
          <form className="mt-4" noValidate onSubmit={(event) => void form.handleSubmit(confirm)(event)}>
            <AdminTextarea
              label="Reason"
              required
              hint={`The person reads this. ${reason.length}/${LEARN_EARN_LIMITS.reasonMax}`}
              value={reason}
              maxLength={LEARN_EARN_LIMITS.reasonMax}
              rows={3}
              error={form.error("reason")}
              onChange={(event) => form.set("reason", event.target.value)}
            />
            <ConfirmActions busy={busy}>
              <button type="submit" disabled={busy} className={dangerButtonClasses}>
                {busy ? "Revoking…" : "Revoke grant"}
              </button>
            </ConfirmActions>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
