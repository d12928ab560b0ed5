/**
 * `npm run bench:drain`: what a round of one public write leaves for afterwards. The production
 * server on a fresh database takes DRAIN_WARM writes (300) and finishes their jobs; then
 * DRAIN_REQUESTS writes (3,000) over 50 connections, and the bench waits until its job queue holds
 * nothing (read once a second from the database, not from the server). Prints, per write, the CPU
 * time of the server's process in the round and in the drain after it, and on PostgreSQL that of
 * every `postgres` process (meaningless while another program uses the same PostgreSQL), with
 * the drain's length, and on PostgreSQL the statements most often found running during the drain.
 *
 * DRAIN_WRITE=<part of a name> (`POST /testnet-signup`); DRAIN_DIALECT=sqlite (PostgreSQL by default).
 */
import Database from "better-sqlite3";
import pg from "pg";
import { cpuMicros, postgresUse, postWrites, serverBesideWriteCeiling } from "./measure.ts";
import { formWriteNamed } from "./write-inputs.ts";

const DIALECT = process.env.DRAIN_DIALECT === "sqlite" ? "sqlite" : "postgres";
const REQUESTS = Number(process.env.DRAIN_REQUESTS ?? 3_000);
const WARM = Number(process.env.DRAIN_WARM ?? 300);
const write = formWriteNamed(process.env.DRAIN_WRITE ?? "POST /testnet-signup", "DRAIN_WRITE");

/** Jobs not yet done: pending, queued or running. */
function backlogReader(url: string): { count: () => Promise<number>; close: () => Promise<void> } {
  if (url.startsWith("sqlite:")) {
    const db = new Database(url.slice("sqlite:".length), { readonly: true });
    return {
      count: async () => Number((db.prepare("select count(*) as n from jobs where state in ('created', 'retry', 'active')").get() as { n: number }).n),
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async count() {
      await connected;
      const r = await client.query<{ n: number }>(
        "select (select count(*)::int from pgboss.job where state < 'completed') + (select count(*)::int from pending_jobs) as n",
      );
      return Number(r.rows[0]?.n ?? 0);
    },
    close: () => client.end(),
  };
}

/** Samples every 20 ms, until stopped, which statements of the database are running. */
function runningStatements(url: string): { stop: () => Promise<Array<[string, number]>> } {
  if (url.startsWith("sqlite:")) return { stop: async () => [] };
  const client = new pg.Client({ connectionString: url });
  const seen = new Map<string, number>();
  let sampling = true;
  const done = (async () => {
    await client.connect();
    while (sampling) {
      const r = await client.query<{ query: string }>(
        "select query from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and datname = current_database()",
      );
      for (const { query } of r.rows) {
        const text = query.replace(/\s+/g, " ").trim().slice(0, 110);
        seen.set(text, (seen.get(text) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return {
    async stop() {
      sampling = false;
      await done;
      return [...seen].sort((a, b) => b[1] - a[1]).slice(0, 8);
    },
  };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 1_000));
}

const sides = await serverBesideWriteCeiling(DIALECT, "drain");
try {
  const { server, serverDatabaseUrl } = sides;
  const next = () => write.next() ?? { path: "/__bench/spent" };
  const backlog = backlogReader(serverDatabaseUrl);
  await postWrites(server.url, next, { amount: WARM });
  await until(async () => (await backlog.count()) === 0);
  const use = () => ({ server: cpuMicros(server.pid), postgres: DIALECT === "postgres" ? postgresUse().micros : 0, at: Date.now() });
  const start = use();
  const result = await postWrites(server.url, next, { amount: REQUESTS });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${write.name}: ${failed} of ${result.requests.total} writes failed`);
  const answered = use();
  const sampler = runningStatements(serverDatabaseUrl);
  await until(async () => (await backlog.count()) === 0);
  const drained = use();
  const statements = await sampler.stop();
  await backlog.close();
  const per = (micros: number) => `${Math.round(micros / REQUESTS)} µs`;
  console.log(`${write.name} on ${DIALECT}, ${REQUESTS} writes at 50 connections`);
  console.log(
    `  round: ${answered.at - start.at} ms; CPU per write: server ${per(answered.server - start.server)}, PostgreSQL ${per(answered.postgres - start.postgres)}`,
  );
  console.log(
    `  drain: ${drained.at - answered.at} ms more (±1 s); CPU per write: server ${per(drained.server - answered.server)}, PostgreSQL ${per(drained.postgres - answered.postgres)}`,
  );
  if (statements.length)
    console.log(`  running during the drain (samples every 20 ms):\n${statements.map(([text, n]) => `    ${String(n).padStart(5)}  ${text}`).join("\n")}`);
} finally {
  await sides.stop();
}
