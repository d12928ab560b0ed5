import { type ColumnType, CompiledQuery, type Expression, sql, type Generated, type Kysely, type SqlBool } from "kysely";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { PgBoss, type Db, type JobInsert, type JobResult } from "pg-boss";
import { SENT_WITH_NEXT_STATEMENT } from "../../db/database.ts";
import { isoIn, newId } from "../ids.ts";
import { inStoredTraceContext, traceContextToStore } from "../tracing.ts";
import { backlogOfKinds, DEFAULT_RETRY, waitUntilIdle, type JobHandler, type JobQueue, type RetryPolicy, type SendOptions } from "./types.ts";

/**
 * The job queue on PostgreSQL: pg-boss in its own schema (`pgboss`). Every server sends to and
 * works the same queues; a job is claimed with SKIP LOCKED, so it runs on one server only. A
 * running job's worker sends a heartbeat every HEARTBEAT_SECONDS / 2; a job whose server died
 * misses it and is retried after the next monitor pass (at most about 20 s), not when pg-boss's
 * 15-minute expiry passes: a password reset accepted before a crash must not wait a quarter hour.
 */
const HEARTBEAT_SECONDS = 10;
/** How often pg-boss looks for jobs that missed their heartbeat (and does its upkeep). */
const MONITOR_SECONDS = 10;

/**
 * Pending jobs (ADR 39). A job sent inside a transaction is one plain row of `pending_jobs`,
 * written by that transaction: pg-boss's own insert (a JSON recordset joined with its queue
 * settings, into a table with several indexes) cost more database time than the whole lead it
 * went with. A relay on every server moves committed rows into pg-boss, a batch at a time, and
 * deletes them in the same transaction: each row becomes exactly one job, whichever server moves
 * it, and a row whose server died is moved by another.
 */
export type PendingJobsDb = Kysely<{ pending_jobs: PendingJobRow }>;
type PendingJobRow = {
  seq: Generated<string>;
  /** The id the job will have in pg-boss (send answers it). */
  job_id: string;
  name: string;
  /** The job's data, as JSON. */
  data: string;
  /** The moment the job may run from (absolute, so time spent pending does not delay it); the insert's time by default. */
  start_after: ColumnType<Date, string | undefined, never>;
  /** The sender's W3C trace context (JSON), so the job's run joins the request's trace. */
  trace_context: string | null;
};
/** Rows moved by one relay pass (a whole batch moved: the next pass follows at once). */
const RELAY_BATCH = 500;
/** After a send, the next pass: rows committed by then move together. */
const RELAY_SOON_MS = 5;
/** For this long after the last send, passes follow each other RELAY_SOON_MS apart (a sender's commit can come after a pass). */
const RELAY_FOLLOW_MS = 1_000;
/**
 * How long the relay waits before its next pass, after a pass that moved `moved` rows or after a
 * send (`moved` 0, `sinceSendMs` 0). After a whole batch: not at all, a backlog moves as fast as it
 * can. Within RELAY_FOLLOW_MS of a send: RELAY_SOON_MS, so a sender's jobs run within
 * milliseconds, unless the server is busy with requests. Then, as when nothing was sent, the
 * polling interval: requests come first, and a wave's jobs move a few hundred to a pass instead
 * of a few to a pass every RELAY_SOON_MS.
 */
export function relayWait({ moved, sinceSendMs, busy, pollMs }: { moved: number; sinceSendMs: number; busy: boolean; pollMs: number }): number {
  if (moved >= RELAY_BATCH) return 0;
  return sinceSendMs < RELAY_FOLLOW_MS && !busy ? RELAY_SOON_MS : pollMs;
}

/**
 * Jobs of one kind a server runs at once (the SQLite queue's concurrency): a wave of leads makes a
 * wave of e-mails, each mostly waiting on a round trip, and one worker worked through them one at
 * a time. A kind with a singleton key (a digest) keeps one worker.
 */
const WORKERS_PER_KIND = 4;

/**
 * How often a kind's workers after its first look for jobs on their own; the first polls at the
 * queue's interval. Every fetch is a statement: four workers of each of fifteen kinds polling every
 * half second made an idle server cost the database about 100 transactions a second (40 with
 * this rule). The others join when there is work: the relay wakes every worker of a kind it moved
 * jobs of, and a fetch that comes back full wakes the kind's other workers, each of which then
 * fetches again after its batch while it finds jobs (neither while the server is busy).
 */
const OTHER_WORKERS_POLL_SECONDS = 5;

/**
 * A job's data as stored: the sender's data, and for a kind taken in batches its W3C trace context
 * under TRACE_KEY when tracing is on. pg-boss keeps a trace context of its own, but restores it
 * only around a batch of one; a larger batch's jobs each run in their own sender's trace from this
 * copy.
 */
type StoredJobData = { [TRACE_KEY]?: string } & Record<string, unknown>;
const TRACE_KEY = "traceContext@vestin";

/** The sender's data with the trace context to restore around its run (none while tracing is off). */
function withTraceContext(data: unknown, trace: string | null): object {
  const stored = (data ?? {}) as object;
  return trace && !Array.isArray(stored) ? { ...stored, [TRACE_KEY]: trace } : stored;
}

/** The sender's data and the trace context stored with it. */
function splitTraceContext(stored: StoredJobData): { data: unknown; trace: string | undefined } {
  if (Array.isArray(stored) || stored === null || typeof stored !== "object" || !(TRACE_KEY in stored)) return { data: stored, trace: undefined };
  const { [TRACE_KEY]: trace, ...data } = stored;
  return { data, trace };
}

export function pgBossQueue(
  connectionString: string,
  pending: PendingJobsDb,
  {
    onError,
    pollingIntervalSeconds = 1,
    busy = () => false,
  }: {
    onError?: (err: unknown, job?: { name: string; id: string }) => void;
    pollingIntervalSeconds?: number;
    /** While true, the relay and the workers move and take jobs at their polling interval, not at once (requests come first). */
    busy?: () => boolean;
  } = {},
): JobQueue {
  const boss = new PgBoss({
    connectionString,
    schema: "pgboss",
    max: 4,
    monitorIntervalSeconds: MONITOR_SECONDS,
    superviseIntervalSeconds: MONITOR_SECONDS,
    // pg-boss stores the sender's W3C trace context (no baggage) with each job and runs the job in
    // a span continuing that trace; with no OpenTelemetry SDK registered it stores nothing.
    openTelemetry: { propagateContext: true, propagator: new W3CTraceContextPropagator() },
  });
  boss.on("error", (err) => onError?.(err));
  const kinds = new Map<string, { handler: JobHandler<unknown>; policy: Required<RetryPolicy>; singleton: boolean; batchSize: number }>();
  let working = false;
  /** This server's workers of each kind (pg-boss's worker ids). */
  const workers = new Map<string, string[]>();
  /** Wakes this server's workers of a kind, so they fetch now instead of at their next poll; not while the server is busy. */
  const wake = (name: string) => {
    if (busy()) return;
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  /** A job's data to store: with its sender's trace context only for a kind taken in batches (pg-boss restores it for the others). */
  const dataToStore = (name: string, data: unknown, trace: string | null) => withTraceContext(data, (kinds.get(name)?.batchSize ?? 1) > 1 ? trace : null);
  /** Every kind has its worker (start() finished) and stop() has not begun. */
  let workersRunning = false;
  let opened: Promise<unknown> | undefined;
  /** pg-boss needs its connection, its schema and each kind's queue before it can store a job. */
  const open = () =>
    (opened ??= (async () => {
      await boss.start();
      for (const [name, { policy, singleton }] of kinds) {
        // "short": one job waiting per singleton key (a digest); "standard" for everything else.
        await boss.createQueue(name, {
          policy: singleton ? "short" : "standard",
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: policy.retryBackoff,
          ...(policy.retryBackoff ? { retryDelayMax: policy.retryDelayMaxSeconds } : {}),
        });
      }
    })());

  let lastSend = 0;
  let relayStopped = false;
  let relayTimer: NodeJS.Timeout | undefined;
  /** When the scheduled pass runs (Date.now() time). */
  let relayDue = 0;
  let relaying: Promise<void> | undefined;

  /** Moves up to RELAY_BATCH committed pending jobs of the kinds defined here into pg-boss; answers how many. */
  async function relayPass(): Promise<number> {
    const names = [...kinds.keys()];
    if (names.length === 0) return 0;
    // Most passes find nothing: one read, no transaction.
    if (!(await pending.selectFrom("pending_jobs").select("seq").where("name", "in", names).limit(1).executeTakeFirst())) return 0;
    await open();
    const moved = await pending.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom("pending_jobs")
        .where("seq", "in", (eb) =>
          eb.selectFrom("pending_jobs").select("seq").where("name", "in", names).orderBy("seq").limit(RELAY_BATCH).forUpdate().skipLocked(),
        )
        .returning(["job_id", "name", "data", "start_after", "trace_context"])
        .execute();
      // One insert per kind and sender's trace (jobs sent in one request share it): pg-boss
      // stores the trace context active around its insert with each job it inserts.
      const groups = new Map<string, { name: string; trace: string | null; jobs: JobInsert[] }>();
      for (const row of rows) {
        const key = `${row.name}\n${row.trace_context ?? ""}`;
        const group = groups.get(key) ?? { name: row.name, trace: row.trace_context, jobs: [] };
        group.jobs.push({
          id: row.job_id,
          data: JSON.parse(row.data) as object,
          heartbeatSeconds: HEARTBEAT_SECONDS,
          startAfter: row.start_after.toISOString(),
        });
        groups.set(key, group);
      }
      for (const { name, trace, jobs } of groups.values()) {
        await inStoredTraceContext(trace, () => boss.insert(name, jobs, { db: inTransaction(trx) }));
      }
      return rows;
    });
    // The moved jobs are committed: this server's workers of their kinds take them now.
    for (const name of new Set(moved.map((row) => row.name))) wake(name);
    return moved.length;
  }

  /** Schedules a relay pass in `ms`, unless one is running or scheduled as soon (a pass schedules the next itself when it ends). */
  function relaySoon(ms: number): void {
    if (relayStopped || relaying !== undefined) return;
    const due = Date.now() + ms;
    if (relayTimer) {
      if (relayDue <= due) return;
      clearTimeout(relayTimer);
    }
    relayDue = due;
    relayTimer = setTimeout(() => {
      relayTimer = undefined;
      relaying = relay().then((next) => {
        relaying = undefined;
        relaySoon(next);
      });
    }, ms);
  }

  /** One pass; answers when the next should run. */
  async function relay(): Promise<number> {
    try {
      const moved = await relayPass();
      return relayWait({ moved, sinceSendMs: Date.now() - lastSend, busy: busy(), pollMs: pollingIntervalSeconds * 1000 });
    } catch (err) {
      onError?.(err);
      return pollingIntervalSeconds * 1000;
    }
  }

  /**
   * Stores jobs of a write as pending rows in its transaction, in one statement; answers their ids.
   * With `onlyIf`, the one job is stored only when the condition holds as the insert runs.
   */
  async function storePending(
    trx: unknown,
    jobs: readonly { name: string; data: unknown; startAfterSeconds?: number }[],
    onlyIf?: Expression<SqlBool>,
  ): Promise<string[]> {
    const traceContext = traceContextToStore();
    // pg-boss's job ids are UUIDs, which newId makes.
    const rows = jobs.map(({ name, data, startAfterSeconds }) => ({
      job_id: newId(),
      name,
      data: JSON.stringify(dataToStore(name, data, traceContext)),
      ...(startAfterSeconds ? { start_after: isoIn(startAfterSeconds * 1000) } : {}),
      trace_context: traceContext,
    }));
    // Its outcome is learned with the transaction's next statement, usually its COMMIT.
    const into = (trx as PendingJobsDb).insertInto("pending_jobs");
    const [row] = rows;
    const insert =
      onlyIf === undefined || !row
        ? into.values(rows)
        : // A SELECT's values have no column to take their types from: the uuid and the time are cast.
          into
            .columns(["job_id", "name", "data", "start_after", "trace_context"])
            .expression(
              sql`select ${row.job_id}::uuid, ${row.name}::text, ${row.data}::text, coalesce(${row.start_after ?? null}::timestamptz, now()), ${row.trace_context}::text where ${onlyIf}`,
            );
    await insert.modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    lastSend = Date.now();
    relaySoon(relayWait({ moved: 0, sinceSendMs: 0, busy: busy(), pollMs: pollingIntervalSeconds * 1000 }));
    return rows.map((row) => row.job_id);
  }

  return {
    kind: "pg-boss",
    get running() {
      return workersRunning;
    },
    define(name, handler, { singleton = false, batchSize = 1, ...policy } = {}) {
      kinds.set(name, { handler: handler as JobHandler<unknown>, policy: { ...DEFAULT_RETRY, ...policy }, singleton, batchSize: singleton ? 1 : batchSize });
    },
    async send(name, data, options: SendOptions = {}) {
      // A job wanted only in some state of the database is a pending row whose insert decides it.
      if (options.onlyIf !== undefined) {
        if (!options.trx || options.singletonKey) throw new Error("a job sent onlyIf a condition is sent in a transaction, without a singleton key");
        await storePending(options.trx, [{ name, data, startAfterSeconds: options.startAfterSeconds }], options.onlyIf);
        return null;
      }
      // A singleton key is decided by pg-boss's insert itself (a job waiting with the same key holds
      // the new one back), so such a job goes straight in, in the sender's transaction.
      if (options.trx && !options.singletonKey) {
        const [id] = await storePending(options.trx, [{ name, data, startAfterSeconds: options.startAfterSeconds }]);
        return id ?? null;
      }
      await open();
      return boss.send(name, dataToStore(name, data, traceContextToStore()), {
        // Set on each job rather than on the queue: a queue created before heartbeats (an existing
        // database) keeps its options, and updateQueue cannot add one.
        heartbeatSeconds: HEARTBEAT_SECONDS,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.trx ? { db: inTransaction(options.trx) } : {}),
      });
    },
    async sendAll(jobs, trx) {
      return jobs.length === 0 ? [] : storePending(trx, jobs);
    },
    async start() {
      if (working) return;
      working = true;
      await open();
      // Pending jobs left by a server that stopped or died before its relay moved them.
      relaySoon(0);
      for (const [name, { handler, singleton, batchSize }] of kinds) {
        const ids: string[] = [];
        for (let i = 0; i < (singleton ? 1 : WORKERS_PER_KIND); i++) {
          let id = "";
          const polling = i === 0 ? pollingIntervalSeconds : Math.max(pollingIntervalSeconds, OTHER_WORKERS_POLL_SECONDS);
          id = await boss.work<StoredJobData>(name, { pollingIntervalSeconds: polling, batchSize, perJobResults: true }, async (batch) => {
            // A full batch: more jobs may wait, so the kind's other workers look now.
            if (batch.length >= batchSize) wake(name);
            // Each job of a batch settles on its own: a failed one is retried alone, the others are
            // completed. A batch of one runs in pg-boss's span, already in its sender's trace; each
            // job of a larger batch runs in its own sender's trace.
            const results = await Promise.all(
              batch.map(async (job): Promise<JobResult> => {
                const { data, trace } = splitTraceContext(job.data);
                try {
                  await inStoredTraceContext(batch.length > 1 ? trace : undefined, () => handler(data, { id: job.id, attempt: job.retryCount + 1 }));
                  return { id: job.id, status: "completed" };
                } catch (err) {
                  onError?.(err, { name, id: job.id });
                  return { id: job.id, status: "failed", output: err };
                }
              }),
            );
            // A worker that finished a batch looks for the next at once, unless the server is
            // busy with requests; only a fetch that finds nothing waits the polling interval (a
            // failed job's retry waits its own delay).
            if (id && !busy()) boss.notifyWorker(id);
            return results;
          });
          ids.push(id);
        }
        workers.set(name, ids);
      }
      workersRunning = working;
    },
    async waiting() {
      const names = [...kinds.keys()];
      if (names.length === 0) return [];
      await open();
      // A pending job is a job waiting like any other.
      const result = await sql<{ name: string; n: number; oldest_seconds: number | null }>`
        select name, count(*)::int as n, extract(epoch from now() - min(due))::float8 as oldest_seconds from (
          select name, start_after as due from pgboss.job where state in ('created', 'retry') and start_after <= now() and name = any(${names})
          union all
          select name, start_after from pending_jobs where start_after <= now() and name = any(${names})
        ) as due_jobs group by name`.execute(pending);
      return backlogOfKinds(names, result.rows);
    },
    async idle(timeoutMs = 10_000) {
      await open();
      await waitUntilIdle(async () => {
        const names = [...kinds.keys()];
        const result = await sql<{ n: number }>`
          select (select count(*)::int from pgboss.job where state < 'completed' and start_after <= now())
            + (select count(*)::int from pending_jobs where start_after <= now() and name = any(${names})) as n`.execute(pending);
        return Number(result.rows[0]?.n ?? 0);
      }, timeoutMs);
    },
    async stop(timeoutMs = 10_000) {
      workersRunning = false;
      workers.clear();
      relayStopped = true;
      clearTimeout(relayTimer);
      relayTimer = undefined;
      await relaying;
      if (!opened) return;
      // What this server's senders left pending goes to pg-boss before it closes (another
      // server's relay would move it too, a lone server's at its next start).
      await relayPass().catch((err: unknown) => onError?.(err));
      working = false;
      opened = undefined;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

/** pg-boss runs its insert through the caller's Kysely transaction (the `db` option of send). */
function inTransaction(trx: { executeQuery: Kysely<unknown>["executeQuery"] }): Db {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
