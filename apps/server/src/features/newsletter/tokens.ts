import { createHmac, timingSafeEqual } from "node:crypto";
import { NEWSLETTER_LIMITS } from "@vestin/shared/newsletter";
import { derivedKey } from "../../lib/derived-key.ts";
import { sha256 } from "../../lib/ids.ts";

/**
 * The newsletter's keyed values, each under its own key derived from JWT_SECRET (HKDF):
 * - unsubscribe tokens: `<subscriber id>.<issued, base36 seconds>.<HMAC>`. They need no table
 *   and no sign-in, cannot be forged for another subscriber, and stop working a year after the
 *   message that carried them (an erased subscriber's token finds nobody).
 * - IP hashes in consent records: an HMAC, not a bare hash, so nobody holding the table can find
 *   an address by hashing all four billion.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export type NewsletterKeys = ReturnType<typeof newsletterKeys>;

export function newsletterKeys(jwtSecret: string) {
  const unsubscribeKey = derivedKey(jwtSecret, "newsletter unsubscribe tokens");
  const ipKey = derivedKey(jwtSecret, "newsletter consent ip");
  const mac = (value: string) => createHmac("sha256", unsubscribeKey).update(value).digest("base64url");

  return {
    unsubscribeToken(subscriberId: string, issuedAt = Date.now()): string {
      const body = `${subscriberId}.${Math.floor(issuedAt / 1000).toString(36)}`;
      return `${body}.${mac(body)}`;
    },

    /** The subscriber a token names, or why it cannot be used. */
    readUnsubscribeToken(token: string, now = Date.now()): { ok: true; subscriberId: string } | { ok: false; reason: "invalid" | "expired" } {
      const parts = token.split(".");
      if (parts.length !== 3) return { ok: false, reason: "invalid" };
      const [id = "", issued = "", signature = ""] = parts;
      const expected = Buffer.from(mac(`${id}.${issued}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
      const issuedMs = parseInt(issued, 36) * 1000;
      if (!Number.isFinite(issuedMs) || issuedMs > now + 60_000) return { ok: false, reason: "invalid" };
      if (now - issuedMs > NEWSLETTER_LIMITS.unsubscribeLinkDays * DAY_MS) return { ok: false, reason: "expired" };
      return { ok: true, subscriberId: id };
    },

    ipHash(ip: string | undefined): string | null {
      return ip ? createHmac("sha256", ipKey).update(ip).digest("hex") : null;
    },
  };
}

/** Consent records are kept by the address's hash (a withdrawal can outlive an erased address). */
export const emailHash = (email: string): string => sha256(email.trim().toLowerCase());

/** j•••@example.com: enough for a person to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
