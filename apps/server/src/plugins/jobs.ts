import fp from "fastify-plugin";
import { createJobQueue, type JobQueue } from "../lib/jobs/index.ts";
import { observedQueue } from "../lib/jobs/observed.ts";

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The background job queue (ADR 11). Every kind of job is defined while the app is built, by the
 * plugins after this one; the queue starts once the app is ready and stops when it closes.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = observedQueue(createJobQueue(app.config, app.database, app.log), app.metrics.jobs);
    app.decorate("jobs", jobs);
    app.metrics.collectJobs(() => jobs.waiting());
    app.addHook("onReady", async () => jobs.start());
    app.addHook("onClose", async () => jobs.stop());
  },
  { name: "jobs", dependencies: ["config", "database", "metrics"] },
);
