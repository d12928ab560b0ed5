import { Badge, type BadgeTone } from "~/components/ui/badge";
import { LEAD_STATUS_LABELS, type LeadStatus } from "../leads/lead-types";

const LEAD_TONES: Record<LeadStatus, BadgeTone> = { new: "violet", in_progress: "notice", done: "success" };

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={LEAD_TONES[status] ?? "neutral"}>{LEAD_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Published, scheduled (articles) or draft, for articles and courses. */
export function PublishBadge({ status }: { status: string }) {
  if (status === "published") return <Badge tone="success">Published</Badge>;
  if (status === "scheduled") return <Badge tone="violet">Scheduled</Badge>;
  return <Badge tone="neutral">Draft</Badge>;
}

/** Whether a lead's e-mail address was confirmed through its link. */
export function VerifiedBadge({ verifiedAt }: { verifiedAt: unknown }) {
  return verifiedAt ? <Badge tone="success">Verified</Badge> : <Badge tone="neutral">Unverified</Badge>;
}
