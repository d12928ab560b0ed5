/*
 * Signed webhooks (docs/decisions/0012-webhooks.md): the console's constants, labels
 * and answer types. No zod here, so the console page imports only what it shows.
 */
import { LEAD_EVENT_LABELS, LEAD_EVENT_TYPES, type LeadEventType } from "./events.ts";

export { LEAD_EVENT_LABELS, LEAD_EVENT_TYPES, type LeadEventType };

export const WEBHOOK_FORMATS = ["json", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: "JSON (signed)",
  slack: "Slack incoming webhook",
};

/** active: receives events · failing: its last delivery gave up after 24 h of retries (still receives) · disabled: receives nothing. */
export const WEBHOOK_STATUSES = ["active", "failing", "disabled"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const DELIVERY_STATUSES = ["pending", "delivered", "retrying", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The event a "Send test event" delivers: no lead, just a ping the receiver can check a signature on. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookEventType = LeadEventType | typeof WEBHOOK_TEST_EVENT;

/** Standard Webhooks header names (https://www.standardwebhooks.com). */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;
/** Receivers refuse a timestamp further than this from their clock (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the address that should receive the events.",
  urlInvalid: "Enter a full web address, such as https://example.com/webhooks.",
  urlTooLong: `The address may be at most ${WEBHOOK_URL_MAX} characters.`,
  urlNotHttps: "The address must start with https:// so the events travel encrypted.",
  urlCredentials: "Leave the user name and password out of the address; the signature proves who sent the event.",
  urlPrivate: "This address points to a private network, this server or a cloud metadata service; webhooks only go to public internet addresses.",
  urlEmbedding:
    "This address carries an IPv4 address inside IPv6 (IPv4-mapped, 6to4, Teredo or NAT64); webhooks only go to a plain public IPv4 or IPv6 address.",
  urlUnresolvable: "This host name could not be found. Check the address for a typo.",
  urlLookupTimeout: "Looking up this host name took too long. Check the address and try again.",
  eventsRequired: "Choose at least one event.",
  notFound: "Webhook endpoint not found",
  deliveryNotFound: "Delivery not found",
  refused: "The webhook address was refused.",
} as const;

/** An endpoint as the console shows it: never its secret. */
export type WebhookEndpoint = {
  _id: string;
  url: string;
  description: string;
  events: LeadEventType[];
  format: WebhookFormat;
  status: WebhookStatus;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
  lastDelivery: { status: DeliveryStatus; at: string; responseCode: number | null } | null;
};

/** The answer of create and rotate: the signing secret, shown this once. */
export type WebhookSecretAnswer = { endpoint: WebhookEndpoint; secret: string };

export type WebhookDelivery = {
  _id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  status: DeliveryStatus;
  attempts: number;
  responseCode: number | null;
  error: string | null;
  nextRetryAt: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** The delivery this one re-sent, when an admin pressed "Resend". */
  resendOf: string | null;
};
