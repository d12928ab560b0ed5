import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { FORM_GUARD_LIMITS } from "@vestin/shared/form-guard";

/**
 * Form tokens: `v1.<issuedAt in ms, base 36>.<random nonce>.<HMAC-SHA256 of the first three parts>`.
 * The key is derived from the JWT secret, so every server of one site can check every token and
 * no token outlives a change of secret. A token carries no personal data and is not a session:
 * it proves that the form was shown at issuedAt, and its nonce is spent once (form_token_uses).
 */
const VERSION = "v1";

export type FormTokenCheck =
  | { ok: true; nonce: string; issuedAt: number; expiresAt: number }
  | { ok: false; reason: "missing" | "malformed" | "too-fast" | "expired" };

export function formTokenKey(jwtSecret: string): KeyObject {
  return createSecretKey(createHmac("sha256", jwtSecret).update("vestin form token v1").digest());
}

function mac(key: KeyObject, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** A token issued at `issuedAt` (tests mint older ones with the same key). */
export function signFormToken(key: KeyObject, issuedAt = Date.now(), nonce = randomBytes(16).toString("base64url")): string {
  const payload = `${VERSION}.${issuedAt.toString(36)}.${nonce}`;
  return `${payload}.${mac(key, payload)}`;
}

/** Checks signature and age; reuse is checked against the database by the caller. */
export function checkFormToken(key: KeyObject, token: string | undefined, now = Date.now()): FormTokenCheck {
  if (!token) return { ok: false, reason: "missing" };
  const parts = token.split(".");
  if (parts.length !== 4) return { ok: false, reason: "malformed" };
  const [version, issued, nonce, signature] = parts as [string, string, string, string];
  if (version !== VERSION || !/^[0-9a-z]{1,12}$/.test(issued) || !/^[\w-]{16,64}$/.test(nonce)) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(mac(key, `${version}.${issued}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "malformed" };
  const issuedAt = Number.parseInt(issued, 36);
  const age = now - issuedAt;
  if (age > FORM_GUARD_LIMITS.maxAgeMs) return { ok: false, reason: "expired" };
  // Negative ages (another server's clock slightly ahead) count as too fast, never as valid.
  if (age < FORM_GUARD_LIMITS.minFillMs) return { ok: false, reason: "too-fast" };
  return { ok: true, nonce, issuedAt, expiresAt: issuedAt + FORM_GUARD_LIMITS.maxAgeMs };
}
