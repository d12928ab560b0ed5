import { CompiledQuery, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { PgBoss, type Db } from "pg-boss";
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

export function pgBossQueue(
  connectionString: string,
  { onError, pollingIntervalSeconds = 1 }: { onError?: (err: unknown) => void; pollingIntervalSeconds?: number } = {},
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
  const kinds = new Map<string, { handler: JobHandler<unknown>; policy: Required<RetryPolicy>; singleton: boolean }>();
  let working = false;
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

  return {
    kind: "pg-boss",
    get running() {
      return workersRunning;
    },
    define(name, handler, { singleton = false, ...policy } = {}) {
      kinds.set(name, { handler: handler as JobHandler<unknown>, policy: { ...DEFAULT_RETRY, ...policy }, singleton });
    },
    async send(name, data, options: SendOptions = {}) {
      await open();
      return boss.send(name, (data ?? {}) as object, {
        // Set on each job rather than on the queue: a queue created before heartbeats (an existing
        // database) keeps its options, and updateQueue cannot add one.
        heartbeatSeconds: HEARTBEAT_SECONDS,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.trx ? { db: inTransaction(options.trx) } : {}),
      });
    },
    async start() {
      if (working) return;
      working = true;
      await open();
      for (const [name, { handler }] of kinds) {
        await boss.work<unknown>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (job) await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
        });
      }
      workersRunning = working;
    },
    async waiting() {
      const names = [...kinds.keys()];
      if (names.length === 0) return [];
      await open();
      const result = await boss
        .getDb()
        .executeSql(
          "select name, count(*)::int as n, extract(epoch from now() - min(start_after))::float8 as oldest_seconds from pgboss.job " +
            "where state in ('created', 'retry') and start_after <= now() and name = any($1) group by name",
          [names],
        );
      return backlogOfKinds(names, result.rows as { name: string; n: number; oldest_seconds: number | null }[]);
    },
    async idle(timeoutMs = 10_000) {
      await open();
      await waitUntilIdle(async () => {
        const result = await boss.getDb().executeSql("select count(*)::int as n from pgboss.job where state < 'completed' and start_after <= now()");
        return Number((result.rows[0] as { n?: number } | undefined)?.n ?? 0);
      }, timeoutMs);
    },
    async stop(timeoutMs = 10_000) {
      workersRunning = false;
      if (!opened) return;
      working = false;
      opened = undefined;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

/** pg-boss runs its insert through the caller's Kysely transaction (the `db` option of send). */
function inTransaction(trx: Kysely<DB>): Db {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
