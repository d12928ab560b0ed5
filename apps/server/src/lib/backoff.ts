/**
 * Exponential backoff: the wait before the next try after `failedTries` tries failed. The first
 * wait is `firstSeconds`, each later one doubles, and none is longer than `maxSeconds`.
 */
export function backoffSeconds(firstSeconds: number, maxSeconds: number, failedTries: number): number {
  return Math.min(maxSeconds, firstSeconds * 2 ** Math.max(0, failedTries - 1));
}
