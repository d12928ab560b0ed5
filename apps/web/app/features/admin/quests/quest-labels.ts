import { formatLocalDateTime } from "@vestin/shared/format-date";
import { GRANT_FLAGS, LEARN_EARN_MESSAGES, type GrantFlag, type GrantStatus } from "@vestin/shared/learn-earn-core";

/** The console's words for grants: statuses, flags, and a quest's window with the time zone named. */

export const GRANT_STATUS_LABELS: Record<GrantStatus, string> = { granted: "Granted", withheld: "Withheld", revoked: "Revoked" };

export const flagLabel = (flag: GrantFlag) => LEARN_EARN_MESSAGES.flags[flag];
export const isGrantFlag = (value: string): value is GrantFlag => (GRANT_FLAGS as readonly string[]).includes(value);

/** The administrator's time zone, named next to every time the editor and the list show. */
export function consoleZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "local time";
  } catch {
    return "local time";
  }
}

export const windowText = (startsAt: string, endsAt: string) => `${formatLocalDateTime(startsAt)} – ${formatLocalDateTime(endsAt)}`;

/** "12 of 100" with a cap, "12" without. */
export const capText = (granted: number, cap: number | null) =>
  cap === null ? `${granted.toLocaleString("en-US")} · no cap` : `${granted.toLocaleString("en-US")} of ${cap.toLocaleString("en-US")}`;

/** "4 min 05 s" for an attempt's duration. */
export function durationText(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
}
