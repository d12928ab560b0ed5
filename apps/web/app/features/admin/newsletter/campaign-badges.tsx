import {
  CAMPAIGN_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  type CampaignKind,
  type CampaignStatus,
  type SubscriptionStatus,
} from "@vestin/shared/newsletter-core";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const CAMPAIGN_TONES: Record<CampaignStatus, BadgeTone> = { draft: "neutral", scheduled: "violet", sending: "notice", sent: "success", cancelled: "neutral" };
const SUBSCRIBER_TONES: Record<SubscriptionStatus, BadgeTone> = { confirmed: "success", pending: "notice", unsubscribed: "neutral" };

export const CAMPAIGN_KIND_LABELS: Record<CampaignKind, string> = { article: "Article", markdown: "Message" };

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={CAMPAIGN_TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}

export function SubscriberStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge tone={SUBSCRIBER_TONES[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</Badge>;
}
