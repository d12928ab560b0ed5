/** Ease-out cubic: fast at first, settling gently on the final value. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/** The value a counter shows `elapsedMs` into an animation from 0 to `target`. */
export function countUpValue(target: number, elapsedMs: number, durationMs: number, decimals = 0): number {
  if (durationMs <= 0) return target;
  const raw = target * easeOutCubic(elapsedMs / durationMs);
  const factor = 10 ** decimals;
  return Math.round(raw * factor) / factor;
}
