import { CalendarClock, CheckCircle2, Send, Undo2 } from "lucide-react";
import type { Campaign } from "@vestin/shared/newsletter";
import { Button } from "~/components/ui/button";
import { Panel } from "../components/query-states";
import { formatDateTime } from "../leads/lead-types";
import { CampaignProgressBar } from "./campaign-progress";

/**
 * Where a campaign that has left the draft stage stands: scheduled (with a way back to the
 * draft), sending (the bar the editor refreshes every 2 s), sent (its results), or cancelled.
 */
export function CampaignDelivery({ campaign, onCancelSchedule, busy }: { campaign: Campaign; onCancelSchedule: () => void; busy: boolean }) {
  if (campaign.status === "scheduled") {
    return (
      <Panel title="Scheduled">
        <p className="flex items-start gap-2 text-sm text-ink">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-violet" />
          <span>
            Goes out on <strong className="font-semibold">{formatDateTime(campaign.scheduledAt)}</strong> to everyone confirmed by then.
          </span>
        </p>
        <Button size="sm" variant="outline" className="mt-4 w-full" onClick={onCancelSchedule} disabled={busy}>
          <Undo2 aria-hidden="true" className="size-4" /> Cancel schedule
        </Button>
        <p className="mt-2 text-xs text-muted">The campaign goes back to a draft you can edit and send again.</p>
      </Panel>
    );
  }
  if (campaign.status === "cancelled") {
    return (
      <Panel title="Cancelled">
        <p className="text-sm text-muted">This campaign was cancelled and was not sent{campaign.progress.sent > 0 ? " to everyone" : ""}.</p>
        {campaign.progress.total > 0 && (
          <div className="mt-4">
            <CampaignProgressBar progress={campaign.progress} label="Recipients reached before the campaign was cancelled" />
          </div>
        )}
      </Panel>
    );
  }
  const sending = campaign.status === "sending";
  return (
    <Panel title={sending ? "Sending" : "Results"}>
      <p className="mb-4 flex items-start gap-2 text-sm text-ink" aria-live="polite">
        {sending ? (
          <>
            <Send aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-violet" />
            <span>Sending a few at a time since {formatDateTime(campaign.startedAt)}. The figures refresh every 2 seconds.</span>
          </>
        ) : (
          <>
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              Sent to {campaign.progress.sent.toLocaleString("en-US")} of {campaign.progress.total.toLocaleString("en-US")} subscribers, finished{" "}
              {formatDateTime(campaign.finishedAt)}.
            </span>
          </>
        )}
      </p>
      <CampaignProgressBar progress={campaign.progress} label={sending ? "Sending progress" : "Delivery results"} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Recipients</dt>
        <dd className="tabular-nums text-ink">{campaign.progress.total.toLocaleString("en-US")}</dd>
        <dt className="text-muted">Started</dt>
        <dd className="tabular-nums text-ink">{formatDateTime(campaign.startedAt)}</dd>
        {!sending && (
          <>
            <dt className="text-muted">Finished</dt>
            <dd className="tabular-nums text-ink">{formatDateTime(campaign.finishedAt)}</dd>
          </>
        )}
      </dl>
      {campaign.progress.failed > 0 && !sending && (
        <p className="mt-3 rounded-lg bg-notice-bg px-3 py-2 text-xs text-notice">
          {campaign.progress.failed.toLocaleString("en-US")} {campaign.progress.failed === 1 ? "message" : "messages"} could not be delivered.
        </p>
      )}
    </Panel>
  );
}
