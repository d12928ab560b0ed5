import { DEFAULT_RETRY, type JobHandler, type JobQueue, type KindOptions } from "./types.ts";

/** What an observer of the queue is told of each try of a job, by its kind. */
export type JobOutcomes = {
  completed(queue: string): void;
  /** The try failed and the job will be tried again. */
  retried(queue: string): void;
  /** The last try allowed failed: the job is given up. */
  failed(queue: string): void;
};

/**
 * The queue with each try's outcome reported, the same way on pg-boss and SQLite: both tell the
 * handler which try it is, and both give up once the tries exceed the kind's retry limit.
 */
export function observedQueue(queue: JobQueue, outcomes: JobOutcomes): JobQueue {
  return {
    kind: queue.kind,
    get running() {
      return queue.running;
    },
    define<T>(name: string, handler: JobHandler<T>, options: KindOptions = {}) {
      const retryLimit = options.retryLimit ?? DEFAULT_RETRY.retryLimit;
      queue.define<T>(
        name,
        async (data, job) => {
          try {
            await handler(data, job);
          } catch (err) {
            if (job.attempt > retryLimit) outcomes.failed(name);
            else outcomes.retried(name);
            throw err;
          }
          outcomes.completed(name);
        },
        options,
      );
    },
    send: (name, data, options) => queue.send(name, data, options),
    sendAll: (jobs, trx) => queue.sendAll(jobs, trx),
    start: () => queue.start(),
    waiting: () => queue.waiting(),
    idle: (timeoutMs) => queue.idle(timeoutMs),
    stop: (timeoutMs) => queue.stop(timeoutMs),
  };
}
