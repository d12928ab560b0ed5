import { CalendarClock, MailCheck, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Panel } from "../components/query-states";

export type TestResult = { to: string; at: Date };

/**
 * A draft's way out: a test to the admin's own address first, then to every confirmed subscriber,
 * now or at a chosen time. Each button saves the draft first when it has changes.
 */
export function CampaignSendPanel({
  confirmed,
  adminEmail,
  lastTest,
  busy,
  onTest,
  onSendNow,
  onSchedule,
}: {
  confirmed: number | undefined;
  adminEmail: string | undefined;
  lastTest: TestResult | null;
  busy: boolean;
  onTest: () => void;
  onSendNow: () => void;
  onSchedule: () => void;
}) {
  return (
    <Panel title="Test and send">
      <div className="space-y-4">
        <div>
          <Button size="sm" variant="outline" className="w-full" onClick={onTest} disabled={busy} aria-describedby="campaign-test-note">
            <MailCheck aria-hidden="true" className="size-4" /> Send test to me
          </Button>
          <p id="campaign-test-note" className="mt-1.5 text-xs leading-relaxed text-muted" aria-live="polite">
            {lastTest ? (
              <span className="font-medium text-success">
                Test sent to {lastTest.to} at {lastTest.at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}.
              </span>
            ) : adminEmail ? (
              <>
                Goes to <span className="font-medium [overflow-wrap:anywhere] text-ink">{adminEmail}</span> with “[Test]” before the subject.
              </>
            ) : (
              "Goes to your own address, with “[Test]” before the subject."
            )}
          </p>
        </div>
        <div className="border-t border-line pt-4">
          <p className="text-sm text-ink">
            <strong className="text-2xl font-bold tabular-nums">{confirmed === undefined ? "…" : confirmed.toLocaleString("en-US")}</strong>{" "}
            <span className="text-muted">confirmed {confirmed === 1 ? "subscriber" : "subscribers"}</span>
          </p>
          <div className="mt-3 grid gap-2">
            <Button size="sm" variant="primary" onClick={onSendNow} disabled={busy}>
              <Send aria-hidden="true" className="size-4" /> Send now
            </Button>
            <Button size="sm" variant="outline" onClick={onSchedule} disabled={busy}>
              <CalendarClock aria-hidden="true" className="size-4" /> Schedule…
            </Button>
          </div>
          <p className="mt-2 text-xs leading-relaxed text-muted">
            You confirm before anything is sent. Messages go out a few at a time, each with its own unsubscribe link.
          </p>
        </div>
      </div>
    </Panel>
  );
}
