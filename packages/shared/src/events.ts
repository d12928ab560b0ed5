import type { LeadKind } from "./lead-kinds.ts";

/**
 * The events the platform publishes when a lead arrives: team notifications and
 * webhooks subscribe to them. Each names the form and the admin inbox tab its lead is in.
 */
export const LEAD_EVENT_TYPES = ["contact.submitted", "partnership.submitted", "presale.registered", "waitlist.joined", "airdrop.claimed"] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

/** The kind of each event's lead, which is also its admin inbox tab (`/admin/leads?type=…`). */
export const LEAD_KIND_OF_EVENT = {
  "contact.submitted": "enquiries",
  "partnership.submitted": "partnerships",
  "presale.registered": "presale",
  "waitlist.joined": "waitlist",
  "airdrop.claimed": "airdrop-claims",
} as const satisfies Record<LeadEventType, LeadKind>;

/** What a person in the team reads for each event (the console's checkboxes, e-mail subjects). */
export const LEAD_EVENT_LABELS: Record<LeadEventType, string> = {
  "contact.submitted": "Contact enquiry",
  "partnership.submitted": "Partnership application",
  "presale.registered": "Presale whitelist registration",
  "waitlist.joined": "Testnet waitlist sign-up",
  "airdrop.claimed": "Airdrop claim",
};

/** The inbox link of one lead, relative to the site's address. */
export function inboxPath(type: LeadEventType, leadId: string): string {
  return `/admin/leads?type=${LEAD_KIND_OF_EVENT[type]}&lead=${encodeURIComponent(leadId)}`;
}

/** An event as jobs and webhook receivers see it: the lead is named by id, never copied. */
export type LeadEvent = {
  /** Unique per event; a webhook receiver uses it to ignore a repeated delivery. */
  id: string;
  type: LeadEventType;
  /** ISO time the lead was stored. */
  occurredAt: string;
  leadId: string;
};
