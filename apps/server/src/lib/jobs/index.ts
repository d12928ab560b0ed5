import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { Mailer, MailMessage } from "../mailer.ts";
import { inJobSpan } from "../tracing.ts";
import { pgBossQueue, type PendingJobsDb } from "./pg-boss-queue.ts";
import { sqliteQueue, type JobsDb } from "./sqlite-queue.ts";
import type { JobHandler, JobQueue, KindOptions } from "./types.ts";

export type { JobHandler, JobQueue } from "./types.ts";

/** The job queue of the configured database (ADR 11). */
export function createJobQueue(
  config: Pick<Config, "database">,
  database: Database,
  log: { error(details: object, message: string): void },
  /** True while the server is busy with requests: PostgreSQL's workers then take jobs at their polling interval. */
  busy?: () => boolean,
): JobQueue {
  const onError = (err: unknown, job?: { name: string; id: string }) => log.error({ err, job }, "a background job failed (it is retried with backoff)");
  return withJobSpans(
    config.database.dialect === "postgres"
      ? pgBossQueue(config.database.url, database.db as unknown as PendingJobsDb, { onError, pollingIntervalSeconds: 0.5, ...(busy ? { busy } : {}) })
      : sqliteQueue(database.db as unknown as JobsDb, { onError, pollMs: 100 }),
  );
}

/**
 * Each job run in a span of its own (while tracing is on), a child of the trace that sent the
 * job: both queues store the sender's trace context with the job and restore it before the run.
 */
export function withJobSpans(queue: JobQueue): JobQueue {
  return Object.assign(Object.create(queue) as JobQueue, {
    define<T>(name: string, handler: JobHandler<T>, options?: KindOptions) {
      queue.define<T>(name, (data, job) => inJobSpan(name, job, () => handler(data, job)), options);
    },
  });
}

export const MAIL_JOB = "mail.send";

/**
 * A kind of job that sends an e-mail: tried again for about a day, backing off to 3 hours; on
 * PostgreSQL a worker takes four at once (a wave of sign-ups leaves a wave of e-mails, and
 * claiming and settling each one alone cost more than its send).
 */
export const MAIL_KIND = { retryLimit: 10, retryDelaySeconds: 30, retryDelayMaxSeconds: 3 * 3600, batchSize: 4 } as const;

/**
 * Every e-mail goes out as a job: a form's answer waits only for the job to be stored, a slow or
 * unreachable SMTP server is retried with backoff (for about a day), and a message accepted
 * before a crash is sent after the restart.
 */
export function queuedMailer(mailer: Mailer, jobs: JobQueue): Mailer {
  jobs.define<MailMessage>(MAIL_JOB, (message) => mailer.send(message), MAIL_KIND);
  return {
    mode: mailer.mode,
    async send(message, options) {
      await jobs.send(MAIL_JOB, message, options?.trx ? { trx: options.trx } : {});
    },
  };
}
