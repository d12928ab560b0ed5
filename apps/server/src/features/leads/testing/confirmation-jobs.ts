import type { JobHandler, JobQueue } from "../../../lib/jobs/index.ts";
import { CONFIRMATION_JOB } from "../confirmations.ts";

/**
 * A job queue whose confirmation jobs a test runs itself: `stored` holds each confirmation
 * request as a lead's transaction sent it, and `run` works one as the queue would (other kinds
 * are defined and dropped).
 */
export function confirmationJobs() {
  const handlers = new Map<string, JobHandler<unknown>>();
  const stored: unknown[] = [];
  const jobs = {
    define: (name: string, handler: JobHandler<unknown>) => handlers.set(name, handler),
    send: async (name: string, data: unknown) => {
      if (name === CONFIRMATION_JOB) stored.push(data);
      return "job";
    },
  } as unknown as JobQueue;
  const run = (data: unknown, attempt: number) => {
    const handler = handlers.get(CONFIRMATION_JOB);
    if (!handler) throw new Error("no confirmation job defined");
    return handler(data, { id: `job-${stored.indexOf(data) + 1}`, attempt });
  };
  return { jobs, stored, run };
}
