/**
 * npm run bench:ab: this checkout (A) against another built checkout (B, `BENCH_AB_ROOT`) on the
 * same requests, in alternating rounds, to tell whether a change costs speed. A difference of a
 * few per cent is below what two separate `npm run bench` runs can resolve on a shared machine;
 * here both servers run side by side on databases of their own (SQLite, today's content), and each
 * endpoint gets BENCH_AB_ROUNDS pairs of BENCH_AB_SECONDS rounds, A first and B first in turn, so a
 * burst of the machine's neighbours lands on both. Both servers are started afresh for every pair:
 * one process of the same build can stay 20 % faster or slower than another on the fastest
 * answers for its whole life (where its code and heap landed), which a single pair of processes
 * would report as a difference between the builds. Prints, per endpoint, the median of the pairs'
 * B/A rate ratios with their range, and each side's median p99. Every request carries a browser's
 * Accept-Encoding; the write is `POST /contacts` with a new address each time. BENCH_AB_ONLY picks
 * endpoints by part of their name.
 *
 * Each round also counts the server process's CPU time (user and system, from /proc) per request
 * answered, printed as A's over B's beside the rates.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { BROWSER_ACCEPT_ENCODING, cpuMicros, median, startBenchServer } from "./measure.ts";
import { formWrites } from "./write-inputs.ts";
import type { StartedProcess } from "../apps/server/test/support/start-server.ts";

const OTHER = process.env.BENCH_AB_ROOT;
if (!OTHER) {
  console.error("BENCH_AB_ROOT: the path of the other checkout (built with npm run build) to compare this one with");
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 4);
const CONNECTIONS = 50;
const SEEDED_ARTICLE = "how-fractional-ownership-works";

type Side = { name: "A" | "B"; root: string | undefined; dir: string; server?: StartedProcess };
type Round = { rps: number; p99: number; failed: number; cpuMicros: number };

/** Starts the side's server on its own database (seeded at its first start, kept across restarts). */
async function start(side: Side): Promise<StartedProcess> {
  side.server = await startBenchServer({ DATABASE_URL: `sqlite:${path.join(side.dir, "vestin.db")}`, DATA_DIR: side.dir }, [], side.root);
  return side.server;
}

/** The write section's contact enquiries: a new address each time. */
const [contacts] = formWrites().filter((write) => write.name === "POST /contacts");

function round(server: StartedProcess, target: { path: string; write?: boolean }, seconds = SECONDS): Promise<Round> {
  const base = server.url;
  const cpuBefore = cpuMicros(server.pid);
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(target.write ? { "content-type": "application/json" } : {}) };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${target.path}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        ...(target.write
          ? {
              method: "POST" as const,
              requests: [{ method: "POST" as const, setupRequest: (r: autocannon.Request) => ({ ...r, body: contacts?.next()?.body }) }],
            }
          : {}),
      },
      (err, result) =>
        err
          ? reject(err)
          : resolve({
              rps: result.requests.average,
              p99: result.latency.p99,
              failed: result.errors + result.timeouts + result.non2xx,
              cpuMicros: (cpuMicros(server.pid) - cpuBefore) / Math.max(1, result.requests.total),
            }),
    );
  });
}

function running(side: Side): StartedProcess {
  if (!side.server) throw new Error(`the server of ${side.name} is not running`);
  return side.server;
}

const sides: [Side, Side] = [
  { name: "A", root: undefined, dir: mkdtempSync(path.join(os.tmpdir(), "vestin-ab-A-")) },
  { name: "B", root: path.resolve(OTHER), dir: mkdtempSync(path.join(os.tmpdir(), "vestin-ab-B-")) },
];
const targets = [
  { name: "SSR /", path: "/" },
  { name: "SSR /articles", path: "/articles" },
  { name: "SSR /blog/{slug}", path: `/blog/${SEEDED_ARTICLE}` },
  { name: "SSR /learn/courses", path: "/learn/courses" },
  { name: "GET /api/v1/courses", path: "/api/v1/courses" },
  { name: "GET /api/v1/courses/{id}", path: "/api/v1/courses/{course}" },
  { name: "GET /api/v1/blogs/{slug}", path: `/api/v1/blogs/${SEEDED_ARTICLE}` },
  { name: "POST /api/v1/contacts", path: "/api/v1/contacts", write: true },
];
// BENCH_AB_ONLY=courses,contacts: only the endpoints whose name contains one of these parts.
const only = process.env.BENCH_AB_ONLY?.split(",").map((part) => part.trim());
const measured = targets.filter((t) => !only || only.some((part) => t.name.includes(part)));
const results = new Map(measured.map((t) => [t.name, { A: [] as Round[], B: [] as Round[] }]));
try {
  console.log(
    `A: ${process.cwd()}\nB: ${path.resolve(OTHER)}\n${ROUNDS} pairs of ${SECONDS} s rounds per endpoint, ${CONNECTIONS} connections, fresh processes for each pair\n`,
  );
  for (let pair = 0; pair < ROUNDS; pair++) {
    // Each side seeded its own database: the same course has a different id on each.
    const courses = new Map<Side["name"], string>();
    for (const side of sides) {
      const server = await start(side);
      const id = ((await (await fetch(`${server.url}/api/v1/courses?limit=1`)).json()) as { data: Array<{ _id: string }> }).data[0]?._id;
      if (!id) throw new Error(`the seeded content of ${side.name} has no course`);
      courses.set(side.name, id);
    }
    const on = (side: Side, target: { path: string; write?: boolean }) => ({ ...target, path: target.path.replace("{course}", courses.get(side.name) ?? "") });
    const order = pair % 2 === 0 ? sides : ([sides[1], sides[0]] as const);
    for (const target of measured) {
      // Warm both (page and answer caches, JIT) before anything counts.
      for (const side of sides) await round(running(side), on(side, target), 1);
      for (const side of order) {
        const result = await round(running(side), on(side, target));
        if (result.failed) throw new Error(`${target.name} on ${side.name}: ${result.failed} failed requests`);
        results.get(target.name)?.[side.name].push(result);
      }
    }
    for (const side of sides) await side.server?.stop();
    process.stdout.write(`pair ${pair + 1} of ${ROUNDS} done\n`);
  }
  /** The median of per-pair ratios, with their range. */
  const spread = (ratios: number[]) => ({ median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) });
  const rows = measured.map(({ name }) => {
    const { A, B } = results.get(name) ?? { A: [], B: [] };
    return {
      name,
      a: median(A.map((r) => r.rps)),
      b: median(B.map((r) => r.rps)),
      // B's rate over A's: above 1 is what A's difference costs.
      rate: spread(A.map((r, i) => (B[i]?.rps ?? 0) / r.rps)),
      p99a: median(A.map((r) => r.p99)),
      p99b: median(B.map((r) => r.p99)),
      cpuA: median(A.map((r) => r.cpuMicros)),
      cpuB: median(B.map((r) => r.cpuMicros)),
      // A's CPU time per request over B's: above 1 is what A's difference costs.
      cpu: spread(A.map((r, i) => r.cpuMicros / (B[i]?.cpuMicros ?? Number.NaN))),
    };
  });
  console.log("");
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(28)} A ${Math.round(row.a).toString().padStart(6)}/s  B ${Math.round(row.b).toString().padStart(6)}/s  B/A ${row.rate.median.toFixed(3)} (${row.rate.low.toFixed(2)}–${row.rate.high.toFixed(2)})  p99 A ${row.p99a} ms B ${row.p99b} ms  CPU µs/request A ${row.cpuA.toFixed(1)} B ${row.cpuB.toFixed(1)}  A/B ${row.cpu.median.toFixed(3)} (${row.cpu.low.toFixed(2)}–${row.cpu.high.toFixed(2)})`,
    );
  }
  console.log(`\nMedian of the endpoints' B/A rate ratios: ${median(rows.map((r) => r.rate.median)).toFixed(3)}`);
  console.log(`Median of the endpoints' A/B CPU-per-request ratios: ${median(rows.map((r) => r.cpu.median)).toFixed(3)}`);
} finally {
  for (const side of sides) {
    await side.server?.stop();
    rmSync(side.dir, { recursive: true, force: true });
  }
}
