/** Only same-site paths are followed after sign-in (no open redirects). */
export function safeRedirect(target: string | null | undefined, fallback = "/learn"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    const url = new URL(target, "http://same.site");
    // "/.//evil.example" normalises to the path "//evil.example", which a browser reads as another host.
    if (url.origin !== "http://same.site" || url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in address that brings the visitor back to where they were. */
export function signInPath(from: string): string {
  return `/signin?redirect=${encodeURIComponent(from)}`;
}

const AFTER_GOOGLE_KEY = "vestin:after-google-sign-in";

/** Google sends everyone back to /auth/callback: this tab remembers where to go on from there. */
export function rememberPathAfterGoogle(path: string) {
  try {
    sessionStorage.setItem(AFTER_GOOGLE_KEY, path);
  } catch {
    // No storage: the callback falls back to the learning area.
  }
}

/** The path remembered before leaving for Google (same-site only), read once. */
export function takePathAfterGoogle(): string {
  try {
    const path = sessionStorage.getItem(AFTER_GOOGLE_KEY);
    sessionStorage.removeItem(AFTER_GOOGLE_KEY);
    return safeRedirect(path);
  } catch {
    return safeRedirect(null);
  }
}
