/** One reading of the server's resident memory, `at` seconds into the soak. */
export type Sample = { at: number; rssMb: number };

export type TrendLimits = {
  /** Samples before this many seconds (start-up, JIT, first renders and caches) are not judged. */
  warmupSeconds: number;
  /** Largest allowed rise of the last third's mean over the first third's, as a fraction (0.1 = 10%). */
  maxGrowth: number;
  /** Largest allowed least-squares slope over the second half of the run, in MB per minute. */
  maxSlopeMbPerMin: number;
  /**
   * A slope counts only when the rise it makes over the second half exceeds this many MB: RSS moves
   * by a few MB with every garbage collection, which on a short run reads as a steep slope.
   */
  noiseMb: number;
};

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);

/**
 * Whether memory shows a growth trend: after the warm-up, the last third of the samples averages
 * more than `maxGrowth` above the first third, or the second half of the run climbs faster than
 * `maxSlopeMbPerMin` (by more than the noise). A steady leak shows in both; a one-off step (a cache
 * filling up during the warm-up) in neither.
 */
export function memoryTrend(samples: readonly Sample[], limits: TrendLimits) {
  const steady = samples.filter((s) => s.at >= limits.warmupSeconds);
  const third = Math.max(1, Math.floor(steady.length / 3));
  const firstThirdMb = mean(steady.slice(0, third).map((s) => s.rssMb));
  const lastThirdMb = mean(steady.slice(-third).map((s) => s.rssMb));
  const growth = firstThirdMb > 0 ? lastThirdMb / firstThirdMb - 1 : 0;
  const secondHalf = samples.slice(Math.floor(samples.length / 2));
  const slopeMbPerMin = slope(secondHalf.map((s) => [s.at / 60, s.rssMb]));
  const secondHalfMinutes = secondHalf.length > 1 ? ((secondHalf.at(-1)?.at ?? 0) - (secondHalf[0]?.at ?? 0)) / 60 : 0;
  const secondHalfRiseMb = slopeMbPerMin * secondHalfMinutes;
  const problems: string[] = [];
  if (steady.length < 3) problems.push(`too few memory samples after the warm-up (${steady.length}) to judge a trend; run longer`);
  if (growth > limits.maxGrowth) {
    problems.push(`RSS grew ${(growth * 100).toFixed(1)}% from the first to the last third of the run (limit ${(limits.maxGrowth * 100).toFixed(0)}%)`);
  }
  if (slopeMbPerMin > limits.maxSlopeMbPerMin && secondHalfRiseMb > limits.noiseMb) {
    problems.push(
      `RSS climbed ${slopeMbPerMin.toFixed(2)} MB/min over the second half of the run, ${secondHalfRiseMb.toFixed(1)} MB in all ` +
        `(limits ${limits.maxSlopeMbPerMin} MB/min and ${limits.noiseMb} MB)`,
    );
  }
  return { firstThirdMb, lastThirdMb, growth, slopeMbPerMin, secondHalfRiseMb, problems };
}
