import { createHmac } from "node:crypto";
import { WEBHOOK_HEADERS } from "@vestin/shared/webhooks-core";
import { signingKey } from "./secrets.ts";

/**
 * The signature of a delivery, in the Standard Webhooks scheme (https://www.standardwebhooks.com,
 * ADR 12), so receivers can verify with its libraries or ten lines of their own:
 *   webhook-id:        the event id (the same on every retry and resend: dedupe on it)
 *   webhook-timestamp: unix seconds when this attempt was signed
 *   webhook-signature: "v1," + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)),
 *                      key = the base64-decoded part of the secret after "whsec_"
 */
export function signatureHeaders(secret: string, eventId: string, body: string, at: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", signingKey(secret)).update(`${eventId}.${timestamp}.${body}`).digest("base64");
  return { [WEBHOOK_HEADERS.id]: eventId, [WEBHOOK_HEADERS.timestamp]: timestamp, [WEBHOOK_HEADERS.signature]: `v1,${signature}` };
}
