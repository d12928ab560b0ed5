import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

/**
 * The maintained list of disposable e-mail domains (npm: disposable-email-domains-js, updated with
 * the community blocklist; `npm update` refreshes it). Loaded once per process.
 */
const DISPOSABLE_DOMAINS: ReadonlySet<string> = disposableEmailBlocklistSet();

/** True for an address at a listed domain or any subdomain of one (x@mail.mailinator.com). */
export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, "")
    .split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (DISPOSABLE_DOMAINS.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
