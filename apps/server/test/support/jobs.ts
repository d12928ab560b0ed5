import Sqlite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Dialect } from "../../src/db/database.ts";
import type { DB } from "../../src/db/schema.ts";
import type { JobQueue } from "../../src/lib/jobs/index.ts";

type State = "created" | "retry" | "active";

/**
 * How many jobs of these kinds are in these states in a server's queue (the SQLite jobs table, or
 * pg-boss's and its pending jobs on PostgreSQL), read straight from the database the server uses. `dueOnly`: waiting
 * jobs count only once their time has come (a campaign scheduled for tomorrow is not pending now).
 */
async function countJobs(databaseUrl: string, names: readonly string[], states: readonly State[], dueOnly = false): Promise<number> {
  if (databaseUrl.startsWith("sqlite:")) {
    const db = new Sqlite(databaseUrl.slice("sqlite:".length), { readonly: true, fileMustExist: true });
    try {
      const nameMarks = names.map(() => "?").join(", ");
      const stateMarks = states.map(() => "?").join(", ");
      const due = dueOnly ? " and (state = 'active' or run_after <= ?)" : "";
      const row = db
        .prepare(`select count(*) as n from jobs where name in (${nameMarks}) and state in (${stateMarks})${due}`)
        .get(...names, ...states, ...(dueOnly ? [new Date().toISOString()] : [])) as { n: number };
      return row.n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const due = dueOnly ? " and (state = 'active' or start_after <= now())" : "";
    const result = await client.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = any($1) and state::text = any($2)${due}`, [
      names,
      states,
    ]);
    // A job sent in a transaction is pending (new, not yet in pg-boss) until a relay moves it.
    const pendingDue = dueOnly ? " and start_after <= now()" : "";
    const waiting = states.includes("created")
      ? ((await client.query<{ n: number }>(`select count(*)::int as n from pending_jobs where name = any($1)${pendingDue}`, [names])).rows[0]?.n ?? 0)
      : 0;
    return (result.rows[0]?.n ?? 0) + waiting;
  } finally {
    await client.end();
  }
}

/**
 * How many jobs of kind `name`, in any state, carry these top-level string fields in their data
 * (the SQLite jobs table, or pg-boss's jobs and the pending ones on PostgreSQL), read on `db`.
 */
export async function storedJobs(db: Kysely<DB>, dialect: Dialect, name: string, fields: Record<string, string>): Promise<number> {
  const entries = Object.entries(fields);
  const matching = (field: (key: string) => ReturnType<typeof sql>) =>
    sql.join(
      entries.map(([key, value]) => sql`and ${field(key)} = ${value}`),
      sql` `,
    );
  const { rows } =
    dialect === "sqlite"
      ? await sql<{ n: number }>`select count(*) as n from jobs where name = ${name} ${matching((key) => sql`json_extract(data, ${`$.${key}`})`)}`.execute(db)
      : // On PostgreSQL a job sent in a transaction is a pending job until the relay moves it to pg-boss.
        await sql<{ n: number }>`select (select count(*)::int from pgboss.job where name = ${name} ${matching((key) => sql`data->>${key}`)})
          + (select count(*)::int from pending_jobs where name = ${name} ${matching((key) => sql`data::jsonb->>${key}`)}) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until the queue holds no job of these kinds that is due or running: from then on none of
 * them sends anything more now, so "nothing arrived twice" can be checked at once.
 */
export function queueSettled(databaseUrl: string, names: readonly string[], timeoutMs = 60_000): Promise<void> {
  return waitFor(
    `jobs ${names.join(", ")} still unfinished`,
    async () => (await countJobs(databaseUrl, names, ["created", "retry", "active"], true)) === 0,
    timeoutMs,
  );
}

/** Waits until `count` jobs of these kinds have failed a try and wait for their retry, none new or running. */
export function queueRetrying(databaseUrl: string, names: readonly string[], count: number, timeoutMs = 60_000): Promise<void> {
  return waitFor(
    `${count} jobs ${names.join(", ")} not all waiting for a retry`,
    async () => (await countJobs(databaseUrl, names, ["created", "active"])) === 0 && (await countJobs(databaseUrl, names, ["retry"])) >= count,
    timeoutMs,
  );
}

/**
 * Runs `work` while the app's job queue refuses jobs named `name` (a full disk, a connection lost
 * at that moment): what the write stores with such a job must then be undone with it.
 */
export async function whileJobIsRefused(app: { jobs: JobQueue }, name: string, work: () => Promise<void>): Promise<void> {
  const jobs = app.jobs;
  const send = jobs.send;
  jobs.send = (async (kind: string, data: unknown, options?: Parameters<typeof send>[2]) => {
    if (kind === name) throw new Error(`the job table refused the ${name} job`);
    return send.call(jobs, kind, data, options);
  }) as typeof send;
  try {
    await work();
  } finally {
    jobs.send = send;
  }
}
