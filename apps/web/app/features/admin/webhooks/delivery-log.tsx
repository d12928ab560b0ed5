import { RefreshCw, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { LEAD_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from "@vestin/shared/webhooks-core";
import { Button } from "~/components/ui/button";
import { describeFailure } from "../api/admin-request";
import { Pagination } from "../components/data-table";
import { LoadError, LoadingBlock } from "../components/query-states";
import { SidePanel } from "../components/side-panel";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { formatDateTime } from "../leads/lead-types";
import { DeliveryStatusBadge } from "./webhook-badges";
import { deliveriesPath, resendDelivery } from "./webhooks-api";

const PAGE_SIZE = 20;
/** While a delivery waits or retries, the log refreshes itself this often. */
const REFRESH_MS = 2000;

export function eventLabel(type: WebhookEventType): string {
  return type === WEBHOOK_TEST_EVENT ? "Test event" : LEAD_EVENT_LABELS[type];
}

function answerText(delivery: WebhookDelivery): string {
  if (delivery.responseCode !== null) return `HTTP ${delivery.responseCode}`;
  return delivery.attempts === 0 ? "Not sent" : "No answer";
}

/** One endpoint's deliveries, newest first: status, time, answer, attempts, the error, and "Resend". */
export function DeliveryLog({ endpoint, onOpenChange }: { endpoint: WebhookEndpoint | null; onOpenChange: (open: boolean) => void }) {
  // The page number belongs to the endpoint it was turned for: another endpoint opens on page 1.
  const [paging, setPaging] = useState<{ endpointId: string | undefined; page: number }>({ endpointId: endpoint?._id, page: 1 });
  const page = paging.endpointId === endpoint?._id ? paging.page : 1;
  const setPage = (next: number) => setPaging({ endpointId: endpoint?._id, page: next });
  const [resending, setResending] = useState<string | null>(null);
  const log = useAdminQuery<WebhookDelivery[]>(endpoint ? deliveriesPath(endpoint._id, page, PAGE_SIZE) : null);
  const info = pageInfo(log.body);
  const inFlight = log.data?.some((d) => d.status === "pending" || d.status === "retrying") ?? false;

  useEffect(() => {
    if (!endpoint || !inFlight) return;
    const timer = setInterval(log.reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [endpoint, inFlight, log.reload]);

  const resend = async (delivery: WebhookDelivery) => {
    if (!endpoint) return;
    setResending(delivery._id);
    const result = await resendDelivery(endpoint._id, delivery._id);
    setResending(null);
    if (!result.ok) {
      toast.error("Not resent", { description: describeFailure(result) });
      return;
    }
    toast.success("Delivery queued again", { description: `${eventLabel(delivery.eventType)}, same event id.` });
    setPage(1);
    log.reload();
  };

  return (
    <SidePanel
      open={endpoint !== null}
      onOpenChange={onOpenChange}
      title="Delivery log"
      description={<span className="break-all font-mono text-xs">{endpoint?.url}</span>}
      footer={
        <div className="flex items-center justify-between gap-3 text-xs text-muted">
          <span>Failed deliveries are retried with growing pauses for 24 hours.</span>
          <Button variant="outline" size="sm" onClick={log.reload} disabled={log.loading}>
            <RefreshCw aria-hidden="true" className="size-4" /> Refresh
          </Button>
        </div>
      }
    >
      {log.error && <LoadError message={log.error} status={log.status} onRetry={log.reload} />}
      {!log.data ? (
        !log.error && <LoadingBlock label="Loading deliveries…" rows={4} />
      ) : log.data.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">No deliveries yet. Send a test event to see one here.</p>
      ) : (
        <>
          <ol aria-label="Deliveries, newest first" aria-busy={log.loading || undefined} className="divide-y divide-line rounded-xl border border-line">
            {log.data.map((delivery) => (
              <li key={delivery._id} className="p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <DeliveryStatusBadge status={delivery.status} />
                    <span className="font-medium text-ink">{eventLabel(delivery.eventType)}</span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-8 px-3"
                    onClick={() => void resend(delivery)}
                    disabled={resending !== null || delivery.status === "pending"}
                    aria-label={`Resend ${eventLabel(delivery.eventType).toLowerCase()} of ${formatDateTime(delivery.createdAt)}`}
                  >
                    <RotateCcw aria-hidden="true" className="size-3.5" /> Resend
                  </Button>
                </div>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                  <dt className="text-muted">Time</dt>
                  <dd className="tabular-nums text-ink">{formatDateTime(delivery.deliveredAt ?? delivery.lastAttemptAt ?? delivery.createdAt)}</dd>
                  <dt className="text-muted">Answer</dt>
                  <dd className="tabular-nums text-ink">{answerText(delivery)}</dd>
                  <dt className="text-muted">Attempts</dt>
                  <dd className="tabular-nums text-ink">
                    {delivery.attempts}
                    {delivery.status === "retrying" && delivery.nextRetryAt && (
                      <span className="text-muted"> · next retry {formatDateTime(delivery.nextRetryAt)}</span>
                    )}
                  </dd>
                  {delivery.resendOf && (
                    <>
                      <dt className="text-muted">Resend</dt>
                      <dd className="text-ink">of an earlier delivery of this event</dd>
                    </>
                  )}
                  {delivery.error && (
                    <>
                      <dt className="text-muted">Error</dt>
                      <dd className="break-words text-ink">{delivery.error}</dd>
                    </>
                  )}
                  <dt className="text-muted">Event id</dt>
                  <dd className="break-all font-mono text-muted">{delivery.eventId}</dd>
                </dl>
              </li>
            ))}
          </ol>
          {info.pages > 1 && <Pagination {...info} page={page} limit={PAGE_SIZE} noun="deliveries" onPage={setPage} />}
        </>
      )}
    </SidePanel>
  );
}
