/**
 * `PROFILE_WRITES=1 npm run bench:profile`: where a public write's time goes. The production server
 * runs under `node --cpu-prof` with bench/count-statements.ts loaded; each write is sent
 * PROFILE_REQUESTS times (300) over 50 connections, with unique inputs, and the profile prints per
 * write: statements, round trips and transactions, milliseconds in statements and waiting for the
 * connection (the pool on PostgreSQL, the single connection's turn on SQLite), fsyncs (SQLite,
 * strace, only with PROFILE_FSYNCS=1: its stops slow the server and so its statement times),
 * backends waiting on a lock (PostgreSQL, pg_stat_activity sampled every 20 ms), the costliest
 * statements; then the functions with the most self time over all of it.
 * PROFILE_DIALECT=postgres profiles on PostgreSQL; PROFILE_WRITE=<part of a name> picks the writes;
 * PROFILE_KEEP=1 keeps the .cpuprofile and prints its directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runtimeFlags, startServer } from "../apps/server/test/support/start-server.ts";
import { printSelfTime } from "./cpu-profile.ts";
import { databaseFor } from "./databases.ts";
import { publicWrites } from "./write-inputs.ts";
import { counted, type Starter, seedLearners } from "./writes.ts";

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
/** strace's stops slow the server and inflate statement times: fsyncs are counted only when asked. */
const COUNT_FSYNCS = process.env.PROFILE_FSYNCS === "1";
const JWT_SECRET = "profile-secret-profile-secret-profile-secret";

/** Samples, every 20 ms while `work` runs, how many of the database's backends wait on a lock and how many are active. */
async function lockWaitsDuring(url: string, work: () => Promise<void>): Promise<{ waiting: number; active: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples: Array<{ waiting: number; active: number }> = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ waiting: number; active: number }>(
        "select count(*) filter (where wait_event_type = 'Lock')::int as waiting, count(*) filter (where state = 'active')::int - 1 as active from pg_stat_activity where datname = current_database()",
      );
      if (rows[0]) samples.push(rows[0]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
    await client.end();
  }
  const mean = (k: "waiting" | "active") => Number((samples.reduce((s, x) => s + x[k], 0) / Math.max(1, samples.length)).toFixed(1));
  return { waiting: mean("waiting"), active: mean("active") };
}

export async function profileWrites(root: string): Promise<void> {
  const dialect = process.env.PROFILE_DIALECT === "postgres" ? "postgres" : "sqlite";
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-profile-writes-"));
  const db = await databaseFor(dialect, dir);
  const countFile = path.join(dir, "statement-counts.json");
  const env = { DATABASE_URL: db.url, DATA_DIR: dir, JWT_SECRET };
  const start: Starter = (nodeArgs, extra) =>
    startServer({
      root,
      nodeArgs: [...runtimeFlags(root), ...nodeArgs],
      env: { ...env, ...extra, PUBLIC_URL: "http://localhost:3000", RATE_LIMITS: "off", FORM_GUARD: "off", LOG_LEVEL: "warn", NODE_ENV: "production" },
      output: "ignore-stdout",
    });
  try {
    const learners = await seedLearners(start, env, dir);
    const server = await start(["--cpu-prof", `--cpu-prof-dir=${dir}`, "--import", path.join(root, "bench/count-statements.ts")], {
      BENCH_COUNT_FILE: countFile,
    });
    const only = process.env.PROFILE_WRITE?.toLowerCase();
    const writes = await publicWrites(server.url, learners, REQUESTS + 10, (name) => !only || name.toLowerCase().includes(only));
    console.log(`\n${dialect}: ${REQUESTS} requests of each write, 50 connections`);
    for (const write of writes) {
      let c: Awaited<ReturnType<typeof counted>>;
      const locks = await (dialect === "postgres"
        ? lockWaitsDuring(db.url, async () => {
            c = await counted(server, countFile, write, dialect, REQUESTS, COUNT_FSYNCS);
          })
        : (async () => {
            c = await counted(server, countFile, write, dialect, REQUESTS, COUNT_FSYNCS);
          })());
      if (locks) console.log(`    backends waiting on a lock: ${locks.waiting} on average, of ${locks.active} active`);
      for (const s of c?.byText.slice(0, 5) ?? []) console.log(`    ${s.ms.toFixed(2).padStart(7)} ms  ${String(s.n).padStart(4)}×  ${s.text}`);
    }
    await server.stop();
    printSelfTime(dir, root, 25);
  } finally {
    await db.drop();
    if (process.env.PROFILE_KEEP) console.log("kept", dir);
    else rmSync(dir, { recursive: true, force: true });
  }
}
