import { createSecretKey, hkdfSync, type KeyObject } from "node:crypto";

/**
 * The key of one use of JWT_SECRET (HKDF-SHA256, salt "vestin", the use as its label): every server
 * of a site derives the same, and one use's key tells nothing of another's. It is a KeyObject, made
 * once: on Node 24 an HMAC with a KeyObject takes 3–5 µs and with the same bytes as a Buffer 26–32
 * µs, and keyed hashes sit on the path of every form's write.
 */
export function derivedKey(jwtSecret: string, label: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync("sha256", jwtSecret, "vestin", label, 32)));
}
