import { inboxPath, LEAD_EVENT_LABELS, type LeadEventType } from "@vestin/shared/events";
import { WEBHOOK_TEST_EVENT, type WebhookEventType, type WebhookFormat } from "@vestin/shared/webhooks-core";

/** What a delivery is about, as stored in its row. */
export type DeliveryEvent = { id: string; type: WebhookEventType; occurredAt: string };

/** A lead as the admin inbox shows it (features/leads/inbox.ts), plus its inbox link. */
export type InboxLead = Record<string, unknown> & { inboxUrl: string };

/**
 * The JSON body of a delivery: `{ id, type, createdAt, data }`. `id` is the event's (the same on
 * every retry and resend), `createdAt` when the lead was stored; `data.lead` the lead as the
 * inbox shows it, or for a test event a note saying so.
 */
export function jsonBody(event: DeliveryEvent, lead: InboxLead | undefined, endpointId: string): string {
  const data =
    event.type === WEBHOOK_TEST_EVENT
      ? { endpointId, message: "A test event sent from the Vestin console. It is signed like every other delivery." }
      : { lead };
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.occurredAt, data });
}

/** The name a lead goes by in the inbox list. */
function leadTitle(type: LeadEventType, lead: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  switch (type) {
    case "contact.submitted":
      return `${text(lead.firstName)} ${text(lead.lastName)}`.trim();
    case "partnership.submitted":
      return text(lead.organizationName);
    case "presale.registered":
      return text(lead.fullName);
    case "waitlist.joined":
      return text(lead.username);
    case "airdrop.claimed":
      return text(lead.zealyUsername);
  }
}

/** Slack's mrkdwn treats &, < and > as markup: a lead's name must not become a link. */
const slackEscape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The body of a Slack incoming webhook: what arrived and who, with a link to the inbox. Contact
 * details stay in the inbox (behind its sign-in), as in the team's notification e-mails.
 */
export function slackBody(event: DeliveryEvent, lead: InboxLead | undefined, publicUrl: string): string {
  if (event.type === WEBHOOK_TEST_EVENT || !lead) {
    const text = `Test event from Vestin: this Slack webhook is connected (${publicUrl}).`;
    return JSON.stringify({ text, blocks: [{ type: "section", text: { type: "mrkdwn", text: slackEscape(text) } }] });
  }
  const label = LEAD_EVENT_LABELS[event.type];
  const who = leadTitle(event.type, lead) || "(no name)";
  const text = `New ${label.toLowerCase()}: ${who}. Open it in the inbox: ${lead.inboxUrl}`;
  return JSON.stringify({
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*New ${slackEscape(label.toLowerCase())}*\n${slackEscape(who)}` } },
      { type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: "Open in the inbox" }, url: lead.inboxUrl }] },
      { type: "context", elements: [{ type: "mrkdwn", text: `Received ${slackEscape(new Date(event.occurredAt).toUTCString())}` }] },
    ],
  });
}

export function deliveryBody(format: WebhookFormat, event: DeliveryEvent, lead: InboxLead | undefined, ctx: { endpointId: string; publicUrl: string }): string {
  return format === "slack" ? slackBody(event, lead, ctx.publicUrl) : jsonBody(event, lead, ctx.endpointId);
}

export function inboxUrl(publicUrl: string, type: LeadEventType, leadId: string): string {
  return `${publicUrl}${inboxPath(type, leadId)}`;
}
