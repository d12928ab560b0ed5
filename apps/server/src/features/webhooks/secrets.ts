import { createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import { sealedBox, type SealedBox } from "../../lib/sealed-box.ts";

/**
 * Webhook signing secrets (ADR 12). A secret is shown to the admin once and must stay readable to
 * the server, which signs every delivery with it: a hash would not do. It is stored encrypted
 * with AES-256-GCM under a key derived from JWT_SECRET (HKDF-SHA256, its own label), so a copy
 * of the database alone (a backup, a leaked dump) does not let anyone forge deliveries.
 * Changing JWT_SECRET makes stored secrets unreadable: deliveries then fail with a message that
 * asks for a rotation.
 */

/** Standard Webhooks secrets: "whsec_" and the base64 of the key bytes. */
const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The HMAC key of a secret: the bytes of the base64 after "whsec_". */
export function signingKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64"));
}

export type SecretBox = SealedBox;

export function secretBox(jwtSecret: string): SecretBox {
  return sealedBox(
    jwtSecret,
    "webhook signing secrets",
    "the stored webhook secret cannot be decrypted (was JWT_SECRET changed?); rotate the endpoint's secret",
  );
}
