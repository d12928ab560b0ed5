import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

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
const FORMAT_VERSION = "v1";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The HMAC key bytes of a secret (the base64 after "whsec_"). */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

export type SecretBox = { seal(secret: string): string; open(sealed: string): string };

export function secretBox(jwtSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "vestin", "webhook signing secrets", 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const encrypted = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [FORMAT_VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), encrypted.toString("base64")].join(":");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== FORMAT_VERSION || !iv || !tag || !data) throw new Error("the stored webhook secret is in an unknown format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(tag, "base64"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
      } catch {
        throw new Error("the stored webhook secret cannot be decrypted (was JWT_SECRET changed?); rotate the endpoint's secret");
      }
    },
  };
}
