import { Ban, KeyRound, ListChecks, MoreHorizontal, Pencil, Play, Send, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { LEAD_EVENT_LABELS, WEBHOOK_FORMAT_LABELS, type WebhookEndpoint } from "@vestin/shared/webhooks-core";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "../leads/lead-types";
import { DeliveryStatusBadge, EndpointStatusBadge } from "./webhook-badges";

export type EndpointAction = "log" | "test" | "edit" | "toggle" | "rotate" | "delete";

const menuTriggerClasses =
  "inline-flex size-9 items-center justify-center rounded-full border border-line bg-white text-ink transition hover:border-slate-300 hover:bg-surface " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet data-[state=open]:bg-surface";
const itemClasses =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50";

/** The name an endpoint goes by: its description, or else its host. */
export function endpointName(endpoint: WebhookEndpoint): string {
  if (endpoint.description) return endpoint.description;
  try {
    return new URL(endpoint.url).host;
  } catch {
    return endpoint.url;
  }
}

/** One endpoint: where it sends, what, how it is doing, and what can be done with it. */
export function EndpointCard({
  endpoint,
  busy,
  onAction,
}: {
  endpoint: WebhookEndpoint;
  busy: boolean;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
}) {
  const name = endpointName(endpoint);
  const headingId = `webhook-${endpoint._id}`;
  const last = endpoint.lastDelivery;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="truncate text-base font-semibold text-ink">
                {name}
              </h2>
              <EndpointStatusBadge status={endpoint.status} />
            </div>
            <p className="mt-1 break-all font-mono text-xs text-muted">{endpoint.url}</p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => onAction("log", endpoint)}>
              <ListChecks aria-hidden="true" className="size-4" /> Delivery log
            </Button>
            <Button variant="outline" size="sm" disabled={busy || endpoint.status === "disabled"} onClick={() => onAction("test", endpoint)}>
              <Send aria-hidden="true" className="size-4" /> Send test
            </Button>
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className={menuTriggerClasses} aria-label={`More actions for ${name}`}>
                <MoreHorizontal aria-hidden="true" className="size-5" />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={6} className="z-40 min-w-52 rounded-xl border border-line bg-white p-1.5 shadow-xl">
                  <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("edit", endpoint)}>
                    <Pencil aria-hidden="true" className="size-4 text-muted" /> Edit
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("toggle", endpoint)}>
                    {endpoint.status === "active" ? (
                      <Ban aria-hidden="true" className="size-4 text-muted" />
                    ) : (
                      <Play aria-hidden="true" className="size-4 text-muted" />
                    )}
                    {endpoint.status === "active" ? "Disable" : endpoint.status === "failing" ? "Mark as working again" : "Enable"}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={itemClasses} onSelect={() => onAction("rotate", endpoint)}>
                    <KeyRound aria-hidden="true" className="size-4 text-muted" /> Rotate secret
                  </DropdownMenu.Item>
                  <DropdownMenu.Separator className="my-1 h-px bg-line" />
                  <DropdownMenu.Item className={`${itemClasses} text-danger`} onSelect={() => onAction("delete", endpoint)}>
                    <Trash2 aria-hidden="true" className="size-4" /> Delete
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </div>
        </div>

        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)]">
          <div className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Events</dt>
            <dd className="mt-1 flex flex-wrap gap-1.5">
              {endpoint.events.map((event) => (
                <span key={event} className="rounded-md bg-surface px-2 py-0.5 text-xs text-ink ring-1 ring-inset ring-line">
                  {LEAD_EVENT_LABELS[event]}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Format</dt>
            <dd className="mt-1 text-ink">{WEBHOOK_FORMAT_LABELS[endpoint.format]}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Last delivery</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
              {last ? (
                <>
                  <DeliveryStatusBadge status={last.status} />
                  <span className="tabular-nums">{formatDateTime(last.at)}</span>
                  {last.responseCode !== null && <span className="tabular-nums text-muted">HTTP {last.responseCode}</span>}
                </>
              ) : (
                <span className="text-muted">None yet</span>
              )}
            </dd>
          </div>
        </dl>
        {endpoint.status === "failing" && (
          <p className="mt-3 rounded-lg bg-notice-bg px-3 py-2 text-sm text-notice">
            Deliveries have failed for 24 hours since {formatDateTime(endpoint.failingSince)}. New events are still tried; check the delivery log, fix the
            receiver, then resend.
          </p>
        )}
      </article>
    </li>
  );
}
