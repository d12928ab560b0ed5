/**
 * Scheduled publishing of articles: the messages and how a moment is written for the
 * administrator, without zod, so the console's editor can import them cheaply.
 */

export const SCHEDULE_MESSAGES = {
  inPast: "The publication moment must be in the future",
  invalidMoment: "Choose a date and time",
  alreadyPublished: "This article is already published",
  notScheduled: "This article is not scheduled",
} as const;

/** Article statuses as the console lists them. */
export const ARTICLE_STATUSES = ["published", "draft", "scheduled"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** Audit actions of scheduled publishing (the console's writes and the publishing itself). */
export const SCHEDULE_AUDIT = {
  scheduled: "article.scheduled",
  rescheduled: "article.rescheduled",
  cancelled: "article.schedule_cancelled",
  onSchedule: "article.published_on_schedule",
  late: "article.published_late",
} as const;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "Tue 2 Dec 2026, 14:00 Europe/Paris (13:00 UTC)": the moment in `timeZone` and in UTC (the UTC
 * date is added when it is another day). `timeZone` is an IANA name, the browser's own by default.
 */
export function describeMoment(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
  const utcTime = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  const sameDay = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(date) === date.toISOString().slice(0, 10);
  const utc = sameDay ? utcTime : `${date.toISOString().slice(0, 10)} ${utcTime}`;
  return zone === "UTC" || zone === "Etc/UTC" ? `${local} UTC` : `${local} ${zone} (${utc} UTC)`;
}

/** A `datetime-local` input's value ("2026-12-02T14:00") for the moment in the browser's zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
