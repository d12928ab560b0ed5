import { backoffSeconds } from "../../lib/backoff.ts";

/**
 * When a failed delivery is tried again (ADR 12): 30 s after the first failure, doubling each
 * time up to two hours apart, for 24 hours after the first attempt; a retry that would fall
 * after that window is not made and the delivery fails. Tests pass a compressed schedule.
 */
export type RetrySchedule = {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Retries stop this long after the first attempt. */
  windowSeconds: number;
};

export const RETRY_SCHEDULE: RetrySchedule = { firstDelaySeconds: 30, maxDelaySeconds: 2 * 3600, windowSeconds: 24 * 3600 };

/**
 * Seconds to wait before the next try, after `attempts` tries failed (the first at
 * `firstAttemptAt`), or null when that try would fall outside the window.
 */
export function nextRetryDelaySeconds(schedule: RetrySchedule, attempts: number, firstAttemptAt: Date, now: Date): number | null {
  const delay = backoffSeconds(schedule.firstDelaySeconds, schedule.maxDelaySeconds, attempts);
  const windowEnd = firstAttemptAt.getTime() + schedule.windowSeconds * 1000;
  return now.getTime() + delay * 1000 > windowEnd ? null : delay;
}
