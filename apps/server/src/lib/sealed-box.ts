import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "./derived-key.ts";

/**
 * Secrets the server must read back (webhook signing secrets, TOTP secrets), stored encrypted
 * with AES-256-GCM under a key derived from JWT_SECRET (HKDF-SHA256, one label per use), so a copy
 * of the database alone (a backup, a leaked dump) does not reveal them. Changing JWT_SECRET makes
 * sealed values unreadable: `open` then throws `unreadable`'s message.
 */
const FORMAT_VERSION = "v1";

export type SealedBox = { seal(secret: string): string; open(sealed: string): string };

export function sealedBox(jwtSecret: string, label: string, unreadable: string): SealedBox {
  const key = derivedKey(jwtSecret, label);
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const encrypted = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [FORMAT_VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), encrypted.toString("base64")].join(":");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== FORMAT_VERSION || !iv || !tag || !data) throw new Error(`${unreadable} (unknown format)`);
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(tag, "base64"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
      } catch {
        throw new Error(unreadable);
      }
    },
  };
}
