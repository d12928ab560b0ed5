/** The bench's report: results.json and results.svg, the table, the worst share and the targets (exit code 1 on a miss). */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderChart } from "./chart.ts";
import { BROWSER_ACCEPT_ENCODING, type Measure, SECONDS } from "./measure.ts";

export type Run = { dialect: "sqlite" | "postgres"; content: "today" | "100x"; rssMb: number; results: Measure[] };

/** Writes bench/results.json and results.svg, prints the table and the targets missed, and sets the exit code. */
export function report(root: string, runs: Run[]): void {
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1e9), node: process.version },
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    secondsPerEndpoint: SECONDS,
    runs,
  };
  writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(root, "bench/results.svg"), renderChart(runs.map((r) => ({ ...r, results: r.results.filter((m) => m.kind !== "cold") }))));

  // The table: every endpoint of every run, next to its ceiling.
  console.log(
    `\n${"endpoint".padEnd(42)} ${"run".padEnd(14)} ${"req/s".padStart(7)} ${"ceiling".padStart(8)} ${"share".padStart(6)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"ceil p99".padStart(8)}  encoding`,
  );
  for (const run of runs) {
    for (const m of run.results) {
      const share = m.kind === "cold" ? "" : `${Math.round(m.ratio * 100)}%`;
      console.log(
        `${m.name.padEnd(42)} ${`${run.dialect} ${run.content}`.padEnd(14)} ${String(m.rps || "").padStart(7)} ${String(m.baselineRps || "").padStart(8)} ${share.padStart(6)} ${String(m.p50).padStart(6)} ${String(m.p99).padStart(6)} ${String(m.baselineP99 || "").padStart(8)}  ${m.encoding}`,
      );
    }
  }
  const held = runs.flatMap((run) => run.results.filter((m) => m.kind === "read" || m.kind === "page").map((m) => ({ run, m })));
  const worst = held.sort((a, b) => a.m.ratio - b.m.ratio)[0];
  if (worst) console.log(`\nWorst share: ${worst.m.name} (${worst.run.dialect}, ${worst.run.content}) at ${Math.round(worst.m.ratio * 100)}% of its ceiling`);

  // The speed targets, on both databases, today's content and 100×: no errors, reads and pages at
  // half their ceiling or more with p99 under 25 ms, cold p50 under 25 ms, 100× content at most 2×
  // slower than today's, server memory under 300 MB.
  const failures: string[] = [];
  for (const run of runs) {
    const small = runs.find((r) => r.dialect === run.dialect && r.content === "today");
    const label = `${run.dialect} ${run.content}`;
    for (const m of run.results) {
      if (m.kind === "info") continue;
      if (m.errors > 0 || m.non2xx > 0) failures.push(`${label} ${m.name}: ${m.errors} errors, ${m.non2xx} non-2xx`);
      if ((m.kind === "read" || m.kind === "page") && m.ratio < 0.5)
        failures.push(`${label} ${m.name}: ${(m.ratio * 100).toFixed(0)}% of the ceiling (target 50%)`);
      if ((m.kind === "read" || m.kind === "page") && m.p99 >= 25) failures.push(`${label} ${m.name}: p99 ${m.p99} ms (target < 25)`);
      if (m.kind === "cold" && m.p50 >= 25) failures.push(`${label} ${m.name}: p50 ${m.p50} ms (target < 25)`);
      const before = run.content === "100x" && m.kind !== "cold" ? small?.results.find((s) => s.name === m.name) : undefined;
      if (before && m.rps * 2 < before.rps) failures.push(`${label} ${m.name}: ${before.rps} → ${m.rps} req/s with 100× content (more than 2× slower)`);
    }
    if (run.rssMb >= 300) failures.push(`${label}: server resident memory ${run.rssMb} MB after the run (target < 300)`);
  }
  console.log(`\nResults: bench/results.json, chart: bench/results.svg`);
  if (failures.length) {
    console.log(`\nTargets missed (${failures.length}):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else console.log("\nEvery target met.");
}
