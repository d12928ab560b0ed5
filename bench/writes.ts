/**
 * The write section of `npm run bench`: each public write under 50 connections with unique inputs,
 * taking turns (twice each, the better round kept on both sides) with the write ceiling
 * (bench/write-ceiling.ts: a bare route storing one row per request in its own transaction, same
 * database, same durability). After each round of a write the server's job queue is left to finish
 * the jobs the round stored (e-mails, notifications) before the ceiling's round starts, so the
 * ceiling never shares the machine with them; how long that took is reported. Then, on a server started again with bench/count-statements.ts
 * loaded, a counting pass of WRITE_COUNTED requests per write: statements, round trips,
 * transactions and connection waits per write (counted in the server process), and on SQLite the
 * fsyncs per write (strace on the server process, when strace is installed).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { runtimeFlags, startServer, type StartedProcess } from "../apps/server/test/support/start-server.ts";
import { BROWSER_ACCEPT_ENCODING, WRITE_CONNECTIONS, writeCeilingRows } from "./measure.ts";
import { type Learners, publicWrites, type Write } from "./write-inputs.ts";
import type { Tally } from "./count-statements.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Seconds of each round (two rounds of the write, two of the ceiling, taking turns). */
const ROUND_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 2);
/** Requests of each write in the counting pass. */
const WRITE_COUNTED = Number(process.env.BENCH_WRITE_COUNTED ?? 100);
/** Inputs made before the timed part for each write that needs them made (signed claims, open attempts). */
const POOL = Number(process.env.BENCH_WRITE_POOL ?? 2000);
/**
 * At most this many requests in one round of a pooled write: about a round's length at the
 * ceiling's rate, so a pooled round measures a sustained wave like the ceiling's round does. A
 * round of a few hundred requests at 50 connections is over in a fraction of a second, and its p99
 * is the first burst of 50 requests arriving at once rather than the wave.
 */
const POOLED_ROUND = Number(process.env.BENCH_POOLED_ROUND ?? ROUND_SECONDS * 3000);
/** BENCH_WRITES: measure only the writes whose name contains one of these comma-separated parts. */
const ONLY_WRITES = process.env.BENCH_WRITES?.split(",").filter(Boolean);

export type Counted = {
  requests: number;
  statements: number;
  roundTrips: number | null;
  transactions: number;
  background: number;
  statementMs: number;
  connectionWaitMs: number;
  fsyncs: number | null;
  byKind: Record<string, number>;
  /** The statements of the requests, most time first: runs and milliseconds per write. */
  byText: Array<{ text: string; n: number; ms: number }>;
};
export type WriteRow = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  ceilingRps: number;
  ceilingP99: number;
  /** fsync and fdatasync calls per row of the ceiling (SQLite, with strace). */
  ceilingFsyncs?: number | null;
  /** Seconds the server's job queue worked on after a round of the write ended (the longer of two). */
  jobsAfterSeconds?: number;
  share: number;
  errors: number;
  non2xx: number;
  counted?: Counted;
};
type Totals = { requests: number; request: Tally; background: Tally };

/** Starts the server of the section (with extra Node flags and environment for the counting pass). */
export type Starter = (nodeArgs: string[], env: Record<string, string>) => Promise<StartedProcess>;

type Round = autocannon.Result & { perSecond: number };

/**
 * A round of autocannon and its successful requests per second, timed here from the start to the
 * last answer: autocannon's own duration ends on its next whole-second tick, which would count a
 * round of a fixed number of requests that took 0.6 s as a second long.
 */
function cannon(opts: autocannon.Options & { requests: autocannon.Request[] }): Promise<Round> {
  const started = performance.now();
  let last = started;
  let ok = 0;
  const requests = opts.requests.map((r) => ({
    ...r,
    onResponse: (status: number) => {
      last = performance.now();
      if (status >= 200 && status < 300) ok += 1;
    },
  }));
  return new Promise((resolve, reject) => {
    autocannon({ ...opts, requests }, (err, result) => (err ? reject(err) : resolve({ ...result, perSecond: (ok * 1000) / Math.max(1, last - started) })));
  });
}

const perSecond = (r: Round) => r.perSecond;

/**
 * One round of a write. Generated inputs never run out: the round lasts ROUND_SECONDS. A pool
 * (signed claims, open attempts, learners' enrolments) is shared out: `amount` requests, leaving
 * `keep` inputs for later.
 */
function writeRound(base: string, write: Write, keep: number, amount?: number): Promise<Round> {
  const finite = Number.isFinite(write.left());
  const requests = amount ?? (finite ? Math.min(POOLED_ROUND, Math.floor((write.left() - keep) / 2)) : undefined);
  return cannon({
    url: base,
    connections: WRITE_CONNECTIONS,
    ...(requests ? { amount: requests } : { duration: ROUND_SECONDS }),
    headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          // A spent pool (more requests asked than inputs left) answers 404, counted as a failure.
          const input = write.next() ?? { path: "/__bench/spent" };
          return { ...req, method: "POST", path: input.path, headers: { ...req.headers, ...input.headers }, body: input.body };
        },
      },
    ],
  });
}

/** The ceiling's rows of every round: unique across the rounds of both databases. */
const ceilingRows = writeCeilingRows("ceiling");

function ceilingRound(base: string, amount?: number): Promise<Round> {
  return cannon({
    url: base,
    connections: WRITE_CONNECTIONS,
    ...(amount ? { amount } : { duration: ROUND_SECONDS }),
    headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, "content-type": "application/json" },
    requests: [{ method: "POST", setupRequest: (req) => ({ ...req, ...ceilingRows() }) }],
  });
}

/** Waits until the server's job queue has nothing due or running; answers the seconds it took. */
async function jobsDone(base: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/__bench/idle`, { method: "POST" });
  if (res.status !== 204) throw new Error(`the server's job queue did not become idle (${res.status})`);
  return (performance.now() - started) / 1000;
}

async function timed(base: string, ceilingBase: string, write: Write): Promise<WriteRow> {
  const rounds = { write: [] as Round[], ceiling: [] as Round[] };
  let jobsAfterSeconds = 0;
  for (let round = 0; round < 2; round++) {
    if (write.left() >= WRITE_COUNTED + 2 * WRITE_CONNECTIONS) {
      rounds.write.push(await writeRound(base, write, WRITE_COUNTED));
      jobsAfterSeconds = Math.max(jobsAfterSeconds, await jobsDone(base));
    }
    rounds.ceiling.push(await ceilingRound(ceilingBase));
  }
  const better = (results: Round[]) => results.reduce((a, b) => (perSecond(b) > perSecond(a) ? b : a));
  const ceiling = better(rounds.ceiling);
  const run = rounds.write.length ? better(rounds.write) : undefined;
  const rps = run ? perSecond(run) : 0;
  const row: WriteRow = {
    name: write.name,
    rps: Math.round(rps),
    p50: run?.latency.p50 ?? 0,
    p99: run?.latency.p99 ?? 0,
    ceilingRps: Math.round(perSecond(ceiling)),
    ceilingP99: ceiling.latency.p99,
    share: Number((rps / Math.max(1, perSecond(ceiling))).toFixed(3)),
    errors: rounds.write.reduce((s, r) => s + r.errors + r.timeouts, 0),
    non2xx: rounds.write.reduce((s, r) => s + r.non2xx, 0),
    jobsAfterSeconds: Number(jobsAfterSeconds.toFixed(1)),
  };
  console.log(
    `  ${row.name.padEnd(38)} ${String(row.rps).padStart(6)} writes/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}/${row.non2xx}  ${(row.share * 100).toFixed(1)}% of ceiling ${row.ceilingRps} rows/s (p99 ${row.ceilingP99} ms)  jobs done ${row.jobsAfterSeconds} s after`,
  );
  return row;
}

/** The counters of bench/count-statements.ts in the server, read and reset. */
async function readCounters(server: StartedProcess, file: string): Promise<Totals> {
  rmSync(file, { force: true });
  process.kill(server.pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error("the server did not write its statement counts");
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, "utf8")) as Totals;
    } catch {
      // Still being written.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

export const HAS_STRACE = spawnSync("strace", ["-V"]).status === 0;

/** fsync and fdatasync calls of the process while `work` runs (strace -c), or null without strace. */
async function fsyncsDuring(pid: number, work: () => Promise<void>): Promise<number | null> {
  if (!HAS_STRACE) {
    await work();
    return null;
  }
  const out = `/tmp/vestin-bench-strace-${process.pid}-${pid}.txt`;
  const strace = spawn("strace", ["-f", "-c", "-e", "trace=fsync,fdatasync", "-p", String(pid), "-o", out], { stdio: ["ignore", "ignore", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    strace.stderr.on("data", (d: Buffer) => {
      if (d.toString().includes("attached")) resolve();
    });
    strace.on("exit", () => reject(new Error("strace could not attach to the server")));
  });
  try {
    await work();
  } finally {
    const exited = new Promise((resolve) => strace.on("exit", resolve));
    strace.kill("SIGINT");
    await exited;
  }
  const text = readFileSync(out, "utf8");
  rmSync(out, { force: true });
  return [...text.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync)\s*$/gm)].reduce((s, m) => s + Number(m[1]), 0);
}

export async function counted(
  server: StartedProcess,
  file: string,
  write: Write,
  dialect: "sqlite" | "postgres",
  requests = WRITE_COUNTED,
  /** Count fsyncs with strace; its stops slow the server, so statement times read higher with it. */
  countFsyncs = true,
): Promise<Counted | undefined> {
  const n = Math.min(requests, write.left());
  if (n < 10) return undefined;
  await readCounters(server, file);
  let result: autocannon.Result | undefined;
  const round = async () => {
    result = await writeRound(server.url, write, 0, n);
  };
  let fsyncs: number | null = null;
  if (countFsyncs) fsyncs = await fsyncsDuring(server.pid, round);
  else await round();
  const totals = await readCounters(server, file);
  const ok = result?.["2xx"] ?? 0;
  // A round of a fixed number of requests can send a few more before autocannon closes its
  // connections: the server counts what it received, and the counts are divided by that.
  if (ok !== totals.requests) console.log(`  (${write.name}: ${totals.requests} requests reached the server, ${ok} answered 2xx to the bench)`);
  const per = (v: number) => Number((v / Math.max(1, totals.requests)).toFixed(2));
  const kinds = totals.request.byKind;
  const c: Counted = {
    requests: totals.requests,
    statements: per(totals.request.statements),
    roundTrips: dialect === "postgres" ? per(totals.request.roundTrips) : null,
    transactions: per(kinds.begin ?? 0),
    background: per(totals.background.statements),
    statementMs: per(totals.request.statementMs),
    connectionWaitMs: per(totals.request.connectionWaitMs),
    fsyncs: dialect === "sqlite" && fsyncs !== null ? per(fsyncs) : null,
    byKind: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, per(v)])),
    byText: Object.entries(totals.request.byText)
      .map(([text, t]) => ({ text, n: per(t.n), ms: per(t.ms) }))
      .sort((a, b) => b.ms - a.ms),
  };
  console.log(
    `  ${write.name.padEnd(38)} ${c.statements} statements (${Object.entries(c.byKind)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ", ",
      )}), ${c.roundTrips ?? "no"} round trips, ${c.transactions} transactions, ${c.statementMs} ms in statements, ${c.connectionWaitMs} ms waiting for the connection, ${c.background} background statements${c.fsyncs === null ? "" : `, ${c.fsyncs} fsyncs`} per write`,
  );
  return c;
}

/** Migrates and seeds the database (a server start), then adds the section's learners while no server runs. */
export async function seedLearners(start: Starter, env: Record<string, string>, dir: string): Promise<Learners> {
  await (await start([], {})).stop();
  const learnersFile = path.join(dir, "learners.json");
  const seeded = spawnSync(process.execPath, [path.join(ROOT, "bench/seed-writes.ts"), learnersFile], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error("making the bench's learners failed");
  return JSON.parse(readFileSync(learnersFile, "utf8")) as Learners;
}

/**
 * The section on one database: `start` gives a server on it, migrated and seeded; `dir` is a
 * scratch directory; `ceilingDatabaseUrl` is where the ceiling keeps its rows.
 */
export async function writeSection(startOn: Starter, env: Record<string, string>, dir: string, ceilingDatabaseUrl: string): Promise<WriteRow[]> {
  // One site name whatever port the server gets: a wallet message signed for one start is valid on the next.
  const start: Starter = (nodeArgs, extra) => startOn(nodeArgs, { PUBLIC_URL: "http://localhost:3000", ...extra });
  const dialect = env.DATABASE_URL?.startsWith("sqlite:") ? "sqlite" : "postgres";
  const learners = await seedLearners(start, env, dir);

  const ceiling = await startServer({
    script: "bench/write-ceiling.ts",
    nodeArgs: runtimeFlags(),
    env: { CEILING_DATABASE_URL: ceilingDatabaseUrl },
    ready: { path: "/ready", when: (res) => res.ok },
  });
  let server = await start([], {});
  const rows: WriteRow[] = [];
  try {
    const writes = await publicWrites(server.url, learners, POOL, (name) => !ONLY_WRITES || ONLY_WRITES.some((part) => name.includes(part)));
    console.log(`\n${dialect}: writes, ${WRITE_CONNECTIONS} connections, ${ROUND_SECONDS} s rounds taking turns with the write ceiling`);
    for (const write of writes) rows.push(await timed(server.url, ceiling.url, write));
    await server.stop();
    if (dialect === "sqlite") {
      const fsyncs = await fsyncsDuring(ceiling.pid, async () => void (await ceilingRound(ceiling.url, WRITE_COUNTED)));
      const perRow = fsyncs === null ? null : Number((fsyncs / WRITE_COUNTED).toFixed(2));
      for (const row of rows) row.ceilingFsyncs = perRow;
      console.log(`  the ceiling: ${perRow ?? "uncounted"} fsyncs per row`);
    }

    const countFile = path.join(dir, "statement-counts.json");
    server = await start(["--import", path.join(ROOT, "bench/count-statements.ts")], { BENCH_COUNT_FILE: countFile });
    console.log(`\n${dialect}: what one write costs (${WRITE_COUNTED} requests each, counted in the server process)`);
    for (const [i, write] of writes.entries()) {
      const row = rows[i];
      if (row) row.counted = await counted(server, countFile, write, dialect);
    }
  } finally {
    await server.stop();
    await ceiling.stop();
  }
  return rows;
}
