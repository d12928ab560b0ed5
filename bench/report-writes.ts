/** The write section's report: bench/results-writes.json and the table (exit code 1 when a write failed). */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROWSER_ACCEPT_ENCODING } from "./measure.ts";
import type { WriteRow } from "./writes.ts";

/** One database's write section, with the load average (1, 5, 15 min) when it ended. */
export type WriteRun = { dialect: "sqlite" | "postgres"; loadAverage: number[]; rows: WriteRow[] };

const cell = (v: number | null | undefined, width: number) => String(v ?? "–").padStart(width);

export function reportWrites(root: string, runs: WriteRun[]): void {
  writeFileSync(
    path.join(root, "bench/results-writes.json"),
    `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, acceptEncoding: BROWSER_ACCEPT_ENCODING, runs }, null, 2)}\n`,
  );
  console.log(
    `\n${"write".padEnd(38)} ${"db".padEnd(8)} ${"writes/s".padStart(8)} ${"ceiling".padStart(8)} ${"share".padStart(6)} ${"p99".padStart(6)} ${"ceil p99".padStart(8)} ${"stmts".padStart(6)} ${"trips".padStart(6)} ${"txns".padStart(5)} ${"fsyncs".padStart(6)} ${"ceil fs".padStart(7)}`,
  );
  const failures: string[] = [];
  for (const run of runs) {
    for (const r of run.rows) {
      const c = r.counted;
      console.log(
        `${r.name.padEnd(38)} ${run.dialect.padEnd(8)} ${cell(r.rps, 8)} ${cell(r.ceilingRps, 8)} ${`${(r.share * 100).toFixed(1)}%`.padStart(6)} ${cell(r.p99, 6)} ${cell(r.ceilingP99, 8)} ${cell(c?.statements, 6)} ${cell(c?.roundTrips, 6)} ${cell(c?.transactions, 5)} ${cell(c?.fsyncs, 6)} ${cell(r.ceilingFsyncs, 7)}`,
      );
      if (r.errors > 0 || r.non2xx > 0) failures.push(`${run.dialect} ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      if (r.rps === 0) failures.push(`${run.dialect} ${r.name}: not measured (too few inputs)`);
    }
    console.log(`  (${run.dialect}: load average ${run.loadAverage.join(", ")} when the section ended)`);
  }
  console.log(`\nWrite results: bench/results-writes.json`);
  if (failures.length) {
    console.log(`\nWrites that failed (${failures.length}):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
}
