import { formatLocalDate, formatLocalDateTime } from "@vestin/shared/format-date";
import type { SessionInfo } from "@vestin/shared/me";

export { formatLocalDate as formatDate, formatLocalDateTime as formatDateTime };

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "Active now" under two minutes, then "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date. */
export function formatLastSeen(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 2) return "Active now";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 7) return relative.format(-days, "day");
  return formatLocalDate(iso);
}

/** Whole minutes since a moment (never negative). */
export function minutesSince(iso: string, now: number = Date.now()): number {
  const then = new Date(iso).getTime();
  return Number.isNaN(then) ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor((now - then) / 60_000));
}

const DEVICE_TYPES: Record<SessionInfo["deviceType"], string> = { desktop: "Computer", mobile: "Phone", tablet: "Tablet", other: "Other device" };

/** "Computer · Chrome 142 · macOS": what the session's User-Agent said, the unknown parts left out. */
export function sessionDetails(session: Pick<SessionInfo, "deviceType" | "browser" | "os">): string {
  return [DEVICE_TYPES[session.deviceType], session.browser, session.os].filter((part): part is string => Boolean(part?.trim())).join(" · ");
}

/** This device first, then the most recently seen. */
export function orderSessions(sessions: SessionInfo[]): SessionInfo[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** "attachment; filename="vestin-data.json"" → vestin-data.json (or a dated default). */
export function exportFileName(contentDisposition: string | null, now = new Date()): string {
  const quoted = /filename\*=UTF-8''([^;]+)|filename="([^"]+)"|filename=([^;]+)/i.exec(contentDisposition ?? "");
  let raw = quoted?.[2] ?? quoted?.[3];
  if (quoted?.[1]) {
    try {
      raw = decodeURIComponent(quoted[1]);
    } catch {
      raw = undefined;
    }
  }
  const name = raw?.trim().replace(/[/\\]/g, "_");
  return name || `vestin-my-data-${now.toISOString().slice(0, 10)}.json`;
}
