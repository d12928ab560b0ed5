import { randomBytes } from "node:crypto";

/** 10 characters of a-z and 2-7 (50 bits): short enough to share, too many to guess. */
export function newReferralCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return [...randomBytes(10)].map((b) => alphabet[b % 32]).join("");
}

/** What a referral code looks like; anything else in `ref` is ignored without a lookup. */
export const REFERRAL_CODE = /^[a-z2-7]{10}$/;

/** The mailbox behind an address: lower-cased, without +tag, and without dots at Gmail. */
export function emailKey(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  const base = local.split("+")[0] ?? "";
  return `${gmail ? base.replace(/\./g, "") : base}@${gmail ? "gmail.com" : domain}`;
}
