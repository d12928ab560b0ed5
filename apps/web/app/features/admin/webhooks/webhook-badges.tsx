import type { DeliveryStatus, WebhookStatus } from "@vestin/shared/webhooks-core";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const ENDPOINT: Record<WebhookStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: "success", label: "Active" },
  failing: { tone: "notice", label: "Failing" },
  disabled: { tone: "neutral", label: "Disabled" },
};

const DELIVERY: Record<DeliveryStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: "violet", label: "Pending" },
  delivered: { tone: "success", label: "Delivered" },
  retrying: { tone: "notice", label: "Retrying" },
  failed: { tone: "notice", label: "Failed" },
  skipped: { tone: "neutral", label: "Skipped" },
};

export function EndpointStatusBadge({ status }: { status: WebhookStatus }) {
  const { tone, label } = ENDPOINT[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { tone, label } = DELIVERY[status];
  return <Badge tone={tone}>{label}</Badge>;
}
