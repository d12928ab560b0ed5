/** The bench's measuring tools: autocannon and raw requests, the ceiling server's client, cold render timing. */
import { spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runtimeFlags, startServer, type StartedProcess } from "../apps/server/test/support/start-server.ts";
import { databaseFor } from "./databases.ts";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** What every browser sends; a bench that does not measures another product. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
/** Repetitions of a cold render (caches emptied before each). */
const COLD_RENDERS = Number(process.env.BENCH_COLD_RENDERS ?? 25);

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The secret the bench's servers sign sessions with (the bench signs its learners' tokens with it too). */
export const JWT_SECRET = "bench-secret-bench-secret-bench-secret-bench";

/**
 * The production server as `npm start` runs it (V8 flags, glibc malloc settings), with the bench's
 * switches; `root`: another checkout to run instead of this one.
 */
export async function startBenchServer(env: Record<string, string>, nodeArgs: string[] = [], root?: string): Promise<StartedProcess> {
  const server = await startServer({
    ...(root ? { root } : {}),
    nodeArgs: [...runtimeFlags(root), ...nodeArgs],
    env: {
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      ...env,
      JWT_SECRET,
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      BENCH_BASELINE: "1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  });
  measuredServer(server.pid);
  return server;
}

/**
 * The production server and the write ceiling (bench/write-ceiling.ts), each in its own process
 * with a database of its own on `dialect`; `stop` ends both (again if already stopped) and drops
 * their databases.
 */
export async function serverBesideWriteCeiling(dialect: "sqlite" | "postgres", name: string) {
  const dirs = [mkdtempSync(path.join(os.tmpdir(), `vestin-${name}-server-`)), mkdtempSync(path.join(os.tmpdir(), `vestin-${name}-ceiling-`))] as const;
  const [serverDb, ceilingDb] = [await databaseFor(dialect, dirs[0]), await databaseFor(dialect, dirs[1])];
  const server = await startBenchServer({ DATABASE_URL: serverDb.url, DATA_DIR: dirs[0] });
  const ceiling = await startServer({
    script: "bench/write-ceiling.ts",
    nodeArgs: runtimeFlags(),
    env: { CEILING_DATABASE_URL: ceilingDb.url },
    ready: { path: "/ready", when: (res) => res.ok },
  });
  return {
    server,
    ceiling,
    serverDatabaseUrl: serverDb.url,
    async stop() {
      await server.stop();
      await ceiling.stop();
      await serverDb.drop();
      await ceilingDb.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A request to POST: its path and JSON body. */
export type PostRequest = { path: string; body?: string | undefined };

/** The write ceiling's next request: a new row each time, its e-mail unique to this process. */
export function writeCeilingRows(tag: string): () => PostRequest {
  let rows = 0;
  return () => ({ path: "/rows", body: JSON.stringify({ email: `bench.${tag}.${process.pid}.${++rows}@example.com`, name: "Bench Ceiling" }) });
}

/** Connections of every write measure: the write section, bench:cpu and bench:wave. */
export const WRITE_CONNECTIONS = 50;

/** POSTs `next()`'s requests as JSON over WRITE_CONNECTIONS connections with a browser's Accept-Encoding, `amount` of them or for `duration` seconds. */
export function postWrites(base: string, next: () => PostRequest, limit: { amount: number } | { duration: number }): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections: WRITE_CONNECTIONS,
    ...limit,
    headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, "content-type": "application/json" },
    requests: [{ method: "POST", setupRequest: (req) => ({ ...req, ...next() }) }],
  });
}

/**
 * read: a public JSON answer; page: a public page (both held to the targets); personal: an answer
 * for one signed-in user; write: a POST; info: reported only; cold: a page rendered with nothing cached.
 */
export type Measure = {
  name: string;
  kind: "read" | "write" | "page" | "personal" | "info" | "cold";
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
  encoding: string;
  baselineRps: number;
  baselineP99: number;
  ratio: number;
  rssMb?: number;
};

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

/** The CPU time and the bytes sent to storage of every PostgreSQL process on the machine (its backends, WAL writer, checkpointer). */
export function postgresUse(): { micros: number; bytes: number } {
  const total = { micros: 0, bytes: 0 };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/stat`, "utf8").includes("(postgres)")) continue;
      total.micros += cpuMicros(Number(entry));
      total.bytes += diskBytes(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}

/** The CPU time (user and system) a process has used, in microseconds; 0 once it is gone. */
export function cpuMicros(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: state is the 1st, utime the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The bytes a process has sent to storage so far (`write_bytes` of `/proc/<pid>/io`): what its
 * writes cost the disk (a WAL, the pages a checkpoint copies), counted when they are written.
 */
export function diskBytes(pid: number): number {
  try {
    return Number(/write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The server under measurement, so each measure can note its memory after the run. */
let serverPid: number | undefined;
/** The ceiling process (bench/ceiling-server.ts), started once for the whole bench. */
let ceilingBase = "";
let ceilingId = 0;

/** Names the server under measurement (its memory is noted after each measure). */
export function measuredServer(pid: number | undefined): void {
  serverPid = pid;
}

async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** One request as a browser makes it, with the body as sent (no decompression). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

export async function startCeiling(): Promise<StartedProcess> {
  const ceiling = await startServer({
    script: "bench/ceiling-server.ts",
    nodeArgs: runtimeFlags(),
    env: {},
    ready: { path: "/b/none", when: (res) => res.status === 404 },
  });
  ceilingBase = ceiling.url;
  return ceiling;
}

/** Gives the ceiling the endpoint's exact answer; returns the path that serves it. */
async function ceilingFor(sample: { headers: http.IncomingHttpHeaders; body: Buffer }): Promise<string> {
  ceilingId += 1;
  const id = String(ceilingId);
  const res = await fetch(`${ceilingBase}/register/${id}`, {
    method: "PUT",
    headers: {
      "content-type": "application/octet-stream",
      "x-body-type": String(sample.headers["content-type"] ?? "application/octet-stream"),
      "x-body-encoding": String(sample.headers["content-encoding"] ?? "identity"),
    },
    body: new Uint8Array(sample.body),
  });
  if (res.status !== 204) throw new Error(`the ceiling refused a body: ${res.status}`);
  return `/b/${id}`;
}

/** One endpoint under load, next to the ceiling answering its very bytes (two rounds each, the better kept). */
export async function measure(base: string, name: string, kind: Measure["kind"], opts: Partial<autocannon.Options> & { path: string }): Promise<Measure> {
  const connections = kind === "write" ? 10 : kind === "info" ? 1 : 50;
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(opts.headers as Record<string, string> | undefined) };
  const sample = await rawRequest(`${base}${opts.path}`, {
    method: opts.method ?? "GET",
    headers: opts.method === "POST" ? { ...headers, "content-type": "application/json" } : headers,
    body: opts.method === "POST" ? "{}" : undefined,
  });
  const ceilingPath = await ceilingFor(sample);
  const { path: p, ...rest } = opts;
  // Endpoint and ceiling take turns, twice each, and each keeps its better round: this machine's
  // neighbours come and go, and a single pair of runs can land on different sides of a burst.
  const rounds = { run: [] as autocannon.Result[], ceiling: [] as autocannon.Result[] };
  for (let round = 0; round < 2; round++) {
    rounds.run.push(await cannon({ url: `${base}${p}`, connections, duration: SECONDS / 2, ...rest, headers }));
    rounds.ceiling.push(
      await cannon({ url: `${ceilingBase}${ceilingPath}`, connections, duration: SECONDS / 2, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } }),
    );
  }
  const better = (results: autocannon.Result[]) => results.reduce((a, b) => (b.requests.average > a.requests.average ? b : a));
  const run = kind === "write" ? rounds.run[0]! : better(rounds.run);
  const ceiling = better(rounds.ceiling);
  const m: Measure = {
    name,
    kind,
    rps: Math.round(run.requests.average),
    p50: run.latency.p50,
    p99: run.latency.p99,
    errors: run.errors + run.timeouts,
    non2xx: run.non2xx,
    bytes: sample.body.length,
    encoding: String(sample.headers["content-encoding"] ?? "identity"),
    baselineRps: Math.round(ceiling.requests.average),
    baselineP99: ceiling.latency.p99,
    ratio: Number((run.requests.average / Math.max(1, ceiling.requests.average)).toFixed(2)),
    rssMb: rssMb(serverPid),
  };
  console.log(
    `  ${name.padEnd(40)} ${String(m.rps).padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${m.encoding.padEnd(8)} ${String(m.bytes).padStart(7)} B  errors ${m.errors}/${m.non2xx}  ${(m.ratio * 100).toFixed(0)}% of ceiling ${m.baselineRps} (p99 ${m.baselineP99} ms)  (server ${m.rssMb} MB)`,
  );
  return m;
}

/**
 * Pages rendered with nothing cached, one request at a time: what a visitor waits for on a miss
 * (each measure named "<page> (cold)").
 * The pages take turns (one render of each, COLD_RENDERS rounds) rather than each page's renders
 * in a row, so a burst from this machine's neighbours lasting a few seconds spreads over every
 * page instead of landing on all of one page's renders.
 */
export async function coldRenders(base: string, pages: Array<[name: string, pagePath: string]>): Promise<Measure[]> {
  const runs = pages.map(([name]) => ({ name: `${name} (cold)`, times: [] as number[], bytes: 0, encoding: "identity", failures: 0 }));
  for (let i = 0; i < COLD_RENDERS; i++) {
    for (const [index, [, pagePath]] of pages.entries()) {
      const run = runs[index]!;
      const cleared = await fetch(`${base}/__bench/clear-caches`, { method: "POST" });
      if (cleared.status !== 204) throw new Error(`could not empty the caches: ${cleared.status}`);
      const started = performance.now();
      const res = await rawRequest(`${base}${pagePath}`);
      run.times.push(performance.now() - started);
      if (res.status !== 200 || res.headers["x-page-cache"] !== "miss") run.failures += 1;
      run.bytes = res.body.length;
      run.encoding = String(res.headers["content-encoding"] ?? "identity");
    }
  }
  return runs.map((run) => {
    const times = run.times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    const m: Measure = {
      name: run.name,
      kind: "cold",
      rps: 0,
      p50: at(0.5),
      p99: at(0.99),
      errors: 0,
      non2xx: run.failures,
      bytes: run.bytes,
      encoding: run.encoding,
      baselineRps: 0,
      baselineP99: 0,
      ratio: 0,
      rssMb: rssMb(serverPid),
    };
    console.log(`  ${m.name.padEnd(40)} cold render p50 ${m.p50} ms, slowest ${m.p99} ms (${COLD_RENDERS} renders, caches emptied before each)`);
    return m;
  });
}
