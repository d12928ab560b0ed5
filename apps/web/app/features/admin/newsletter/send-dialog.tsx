import { AlertDialog } from "radix-ui";
import { useEffect, type FormEvent } from "react";
import { NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter-core";
import { buttonClasses } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { useApiForm } from "~/lib/use-api-form";
import { AdminInput } from "../components/admin-fields";
import { ConfirmActions } from "../components/confirm-dialog";
import { fromLocalInput, toLocalInput } from "../content/field-errors";

export type SendMode = "now" | "schedule";

/** An hour from now, on the minute, as a datetime-local value. */
function inAnHour(): string {
  const date = new Date(Date.now() + 60 * 60 * 1000);
  date.setSeconds(0, 0);
  return toLocalInput(date.toISOString());
}

/**
 * The last question before a campaign goes out: to how many confirmed subscribers, now or at the
 * chosen time (the admin's local time, sent to the server as ISO). The server's refusal (no
 * subscribers, a time in the past) shows here and the dialog stays open.
 */
export function SendDialog({
  mode,
  subject,
  confirmed,
  onOpenChange,
  onSend,
}: {
  mode: SendMode | null;
  subject: string;
  /** Confirmed subscribers now (undefined while loading). */
  confirmed: number | undefined;
  onOpenChange: (open: boolean) => void;
  /** Resolves to an error to show, or null when the campaign was sent or scheduled. */
  onSend: (scheduledAt: string | undefined) => Promise<string | null>;
}) {
  const form = useApiForm({ defaultValues: { when: "" } });
  const { reset } = form;
  const when = form.values.when;
  const whenError = form.error("when");
  const error = form.error("form");
  const busy = form.busy;

  useEffect(() => {
    if (mode !== null) reset({ when: inAnHour() });
  }, [mode, reset]);

  const audience =
    confirmed === undefined
      ? "all confirmed subscribers"
      : confirmed === 1
        ? "1 confirmed subscriber"
        : `${confirmed.toLocaleString("en-US")} confirmed subscribers`;

  const send = async (values: { when: string }) => {
    if (mode === null) return;
    let scheduledAt: string | undefined;
    if (mode === "schedule") {
      scheduledAt = fromLocalInput(values.when);
      if (!scheduledAt) return form.showErrors({ when: "Choose a date and a time." });
      if (new Date(scheduledAt).getTime() <= Date.now()) return form.showErrors({ when: "Choose a time in the future." });
    }
    // The server's refusal shows above the buttons, not on the time.
    const failure = await onSend(scheduledAt);
    if (failure) form.showErrors({ form: failure });
  };

  const confirm = (event?: FormEvent) => {
    if (busy) return event?.preventDefault();
    void form.handleSubmit(send)(event);
  };

  return (
    <AlertDialog.Root open={mode !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-ink">
            {mode === "schedule" ? "Schedule this campaign?" : "Send this campaign now?"}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm leading-relaxed text-muted">
              <p>
                “<strong className="text-ink">{subject}</strong>” goes to <strong className="text-ink">{audience}</strong>
                {mode === "schedule" ? " at the time you choose (those confirmed by then)." : ", a few at a time, starting now."}
              </p>
              <p>Once sending starts it cannot be stopped or changed.{mode === "schedule" && " Until then you can cancel the schedule and edit the draft."}</p>
            </div>
          </AlertDialog.Description>
          {mode === "schedule" && (
            <form className="mt-4" onSubmit={confirm}>
              <AdminInput
                label="Send at (your local time)"
                type="datetime-local"
                required
                value={when}
                min={toLocalInput(new Date().toISOString())}
                onChange={(event) => form.set("when", event.target.value)}
                error={whenError}
              />
            </form>
          )}
          {confirmed === 0 && !error && (
            <Notice tone="notice" className="mt-4">
              {NEWSLETTER_MESSAGES.noSubscribers}
            </Notice>
          )}
          {error && (
            <Notice tone="danger" className="mt-4">
              {error}
            </Notice>
          )}
          <ConfirmActions busy={busy}>
            <button type="button" onClick={() => confirm()} disabled={busy} className={buttonClasses("primary", "sm")}>
              {busy ? "Working…" : mode === "schedule" ? "Schedule campaign" : `Send to ${audience}`}
            </button>
          </ConfirmActions>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
