import type { Expression, Kysely, SqlBool } from "kysely";
import type { DB } from "../../db/schema.ts";
import { backoffSeconds } from "../backoff.ts";

/**
 * Background jobs (docs/decisions/0011-jobs.md): work that must happen after an answer
 * has left (e-mails, notifications, webhook deliveries), retried with backoff, and kept across a
 * restart or a crash of the server that took it. PostgreSQL: pg-boss, shared by every server, a
 * job runs once. SQLite (the embedded default, one server): a table and a small runner with the
 * same interface (sqlite-queue.ts).
 */

export type RetryPolicy = {
  /** Retries after the first try (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5); doubled each time with backoff. */
  retryDelaySeconds?: number;
  /** Exponential backoff (default true). */
  retryBackoff?: boolean;
  /** The longest wait between two tries, in seconds (default one hour). */
  retryDelayMaxSeconds?: number;
};

/**
 * A kind of job: its retries, whether jobs of it carry singleton keys (digests), and how many of
 * its jobs a worker takes at once on PostgreSQL (`batchSize`, 1 by default): a batch is claimed
 * in one statement, its jobs run side by side, and their outcomes are stored together, one
 * statement for the completed ones and one for the failed ones (each failed job is retried on its
 * own). For kinds whose jobs are many and short (e-mails); a kind with singleton keys takes one.
 */
export type KindOptions = RetryPolicy & { singleton?: boolean; batchSize?: number };

export type JobContext = { id: string /** 1 for the first try. */; attempt: number };
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export type SendOptions = {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** For a kind defined `singleton`: while a job with this key waits, another is not added. */
  singletonKey?: string;
  /**
   * Store the job in this open transaction of the application's database, so that it exists if
   * and only if the transaction commits (an outbox: a lead and the events it causes are one write).
   */
  trx?: Kysely<DB>;
  /**
   * With `trx` only: the job is stored only if this condition holds when its insert runs in that
   * transaction (a subquery of the sender's own tables). The decision is the insert's, so a write
   * that wants a job only in some state of the database asks no question of its own: on PostgreSQL
   * the insert leaves with the transaction's next statement, no round trip of its own. `send`
   * then answers null, since whether the job exists is known only to the transaction.
   */
  onlyIf?: Expression<SqlBool>;
};

/** The jobs of one kind that are due and not yet taken, and how long the longest-waiting one has been due. */
export type QueueBacklog = { queue: string; waiting: number; oldestWaitingSeconds: number };

export interface JobQueue {
  readonly kind: "pg-boss" | "sqlite";
  /** True from the end of start() until stop(): the workers are taking jobs (readiness asks). */
  readonly running: boolean;
  /** Registers a kind of job and its handler; every kind is defined before start(). */
  define<T>(name: string, handler: JobHandler<T>, options?: KindOptions): void;
  /** Adds a job; resolves once it is stored (null when a singleton key holds it back, and with `onlyIf`). */
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Adds several jobs of one write in its open transaction `trx`, in one statement: they exist if
   * and only if it commits (no start delay, no singleton key). Answers their ids, in order.
   */
  sendAll(jobs: readonly { name: string; data: unknown }[], trx: Kysely<DB>): Promise<string[]>;
  /** Starts taking jobs. */
  start(): Promise<void>;
  /**
   * The backlog of every defined kind (zeros included), in one query: what an operator's scrape
   * reads. Only defined kinds are named, so the list is as long as the code's list of kinds.
   */
  waiting(): Promise<QueueBacklog[]>;
  /** Resolves once no job is due or running (tests, and a server that drains before it stops). */
  idle(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs and waits for the ones running (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export const DEFAULT_RETRY: Required<RetryPolicy> = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, retryDelayMaxSeconds: 3600 };

/** Seconds to wait before try `attempt + 1`, after `attempt` tries failed. */
export function retryDelaySeconds(policy: Required<RetryPolicy>, attempt: number): number {
  if (!policy.retryBackoff) return policy.retryDelaySeconds;
  return backoffSeconds(policy.retryDelaySeconds, policy.retryDelayMaxSeconds, attempt);
}

/** Every defined kind with its backlog, from the rows of the kinds that have one. */
export function backlogOfKinds(
  kinds: Iterable<string>,
  rows: readonly { name: string; n: number | string; oldest_seconds: number | string | null }[],
): QueueBacklog[] {
  const found = new Map(rows.map((row) => [row.name, row]));
  return [...kinds].map((queue) => {
    const row = found.get(queue);
    return { queue, waiting: Number(row?.n ?? 0), oldestWaitingSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)) };
  });
}

/** Polls `pending` until it reports nothing left, or gives up after `timeoutMs`. */
export async function waitUntilIdle(pending: () => Promise<number>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await pending()) > 0) {
    if (Date.now() > end) throw new Error(`background jobs still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
