import type { LeadEventType, WebhookDelivery, WebhookEndpoint, WebhookFormat, WebhookSecretAnswer } from "@vestin/shared/webhooks-core";
import { adminRequest, queryString } from "../api/admin-request";

/** The console's calls to /admin/webhooks. */

export type EndpointFields = { url: string; description: string; events: LeadEventType[]; format: WebhookFormat };

export const WEBHOOKS_PATH = "/admin/webhooks";

const endpointPath = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

export function deliveriesPath(id: string, page: number, limit: number) {
  return `${endpointPath(id)}/deliveries${queryString({ page, limit })}`;
}

export function createEndpoint(fields: EndpointFields) {
  return adminRequest<WebhookSecretAnswer>(WEBHOOKS_PATH, { method: "POST", body: fields });
}

export function updateEndpoint(id: string, changes: Partial<EndpointFields> & { status?: "active" | "disabled" }) {
  return adminRequest<WebhookEndpoint>(endpointPath(id), { method: "PATCH", body: changes });
}

export function deleteEndpoint(id: string) {
  return adminRequest<null>(endpointPath(id), { method: "DELETE" });
}

export function rotateSecret(id: string) {
  return adminRequest<WebhookSecretAnswer>(`${endpointPath(id)}/rotate-secret`, { method: "POST" });
}

export function sendTestEvent(id: string) {
  return adminRequest<WebhookDelivery>(`${endpointPath(id)}/test`, { method: "POST" });
}

export function resendDelivery(endpointId: string, deliveryId: string) {
  return adminRequest<WebhookDelivery>(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: "POST" });
}
