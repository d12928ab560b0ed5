/**
 * `npm run bench:cpu`: the CPU time one write costs each process, beside the write ceiling's, in
 * alternating rounds. The production server and the write ceiling (bench/write-ceiling.ts) each
 * get a database of their own; every round sends CPU_WARM writes (500) to warm up, waits a second,
 * then CPU_REQUESTS writes (4,000) over 50 connections, and reads from `/proc` the CPU time (user
 * and system) of the server's process and, on PostgreSQL, of every `postgres` process (background
 * work of the round included: the job queue, the WAL writer). Prints µs per write for each
 * round and the medians, with the bytes each write sent to storage (`/proc/<pid>/io`: SQLite's
 * WAL and checkpoints in the server's process, PostgreSQL's WAL and data files in its processes)
 * and, on PostgreSQL, the WAL it logged. A rate is what the machine allows in the moment; CPU per write is what
 * the code costs, and stays comparable across runs of a noisy machine.
 *
 * CPU_WRITE=<part of a name> picks one of the public forms' writes (POST /contacts by default);
 * CPU_DIALECT=sqlite measures on SQLite (the server's process only); CPU_ROUNDS (3).
 */
import pg from "pg";
import {
  cpuMicros,
  diskBytes,
  median,
  type PostRequest,
  postgresUse,
  postWrites,
  serverBesideWriteCeiling,
  WRITE_CONNECTIONS,
  writeCeilingRows,
} from "./measure.ts";
import { formWriteNamed } from "./write-inputs.ts";

const DIALECT = process.env.CPU_DIALECT === "sqlite" ? "sqlite" : "postgres";
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 4_000);
const WARM = Number(process.env.CPU_WARM ?? 500);

const write = formWriteNamed(process.env.CPU_WRITE ?? "POST /contacts", "CPU_WRITE");

type Side = { name: string; base: string; pid: number; next: () => PostRequest };
type Cost = { process: number; postgres: number; disk: number; wal: number };

async function measure(side: Side): Promise<Cost> {
  await postWrites(side.base, side.next, { amount: WARM });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const use = () => {
    const postgres = DIALECT === "postgres" ? postgresUse() : { micros: 0, bytes: 0 };
    return { process: cpuMicros(side.pid), postgres: postgres.micros, disk: diskBytes(side.pid) + postgres.bytes };
  };
  const before = use();
  const walFrom = await walPosition();
  const result = await postWrites(side.base, side.next, { amount: REQUESTS });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${side.name}: ${failed} of ${result.requests.total} writes failed`);
  const n = result.requests.total;
  const after = use();
  const wal = walFrom === null ? 0 : await walSince(walFrom);
  return {
    process: (after.process - before.process) / n,
    postgres: (after.postgres - before.postgres) / n,
    disk: (after.disk - before.disk) / n,
    wal: wal / n,
  };
}

const { server, ceiling, serverDatabaseUrl, stop } = await serverBesideWriteCeiling(DIALECT, "cpu");
// PostgreSQL's WAL position: the bytes a round's writes logged, whichever database they went to.
const walClient = DIALECT === "postgres" ? new pg.Client({ connectionString: serverDatabaseUrl }) : null;
await walClient?.connect();
async function walPosition(): Promise<string | null> {
  return walClient ? ((await walClient.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0]?.lsn ?? null) : null;
}
async function walSince(from: string): Promise<number> {
  const { rows } = await (walClient as pg.Client).query<{ bytes: number }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float8 as bytes", [from]);
  return rows[0]?.bytes ?? 0;
}
const sides: Side[] = [
  { name: write.name, base: server.url, pid: server.pid, next: () => write.next() ?? { path: "/__bench/spent" } },
  { name: "the write ceiling", base: ceiling.url, pid: ceiling.pid, next: writeCeilingRows("ceiling") },
];
const costs = new Map(sides.map((side) => [side.name, [] as Cost[]]));
const show = (cost: Cost) =>
  `process ${Math.round(cost.process).toString().padStart(5)} µs` +
  (DIALECT === "postgres" ? `   postgres ${Math.round(cost.postgres).toString().padStart(5)} µs   WAL ${(cost.wal / 1024).toFixed(1).padStart(5)} KB` : "") +
  `   disk ${(cost.disk / 1024).toFixed(1).padStart(6)} KB`;
try {
  console.log(`${DIALECT}: CPU per write, ${REQUESTS} writes a round after ${WARM} to warm up, ${WRITE_CONNECTIONS} connections`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const side of sides) {
      const cost = await measure(side);
      costs.get(side.name)?.push(cost);
      console.log(`  round ${round}  ${side.name.padEnd(34)} ${show(cost)}`);
    }
  }
  console.log("medians:");
  for (const [name, list] of costs)
    console.log(
      `  ${name.padEnd(43)} ${show({ process: median(list.map((c) => c.process)), postgres: median(list.map((c) => c.postgres)), disk: median(list.map((c) => c.disk)), wal: median(list.map((c) => c.wal)) })}`,
    );
} finally {
  await walClient?.end();
  await stop();
}
