import fp from "fastify-plugin";
import { createJobQueue, type JobQueue } from "../lib/jobs/index.ts";
import { observedQueue } from "../lib/jobs/observed.ts";

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Requests in flight above which the server counts as busy: the job workers then take their next
 * jobs at their polling interval instead of at once, so that during a wave the requests come
 * first and the e-mails follow (a quiet server works its jobs as fast as they finish).
 */
export const BUSY_REQUESTS = 16;

/**
 * The background job queue (ADR 11). Every kind of job is defined while the app is built, by the
 * plugins after this one; the queue starts once the app is ready and stops when it closes.
 */
export const jobsPlugin = fp(
  async (app) => {
    let inFlight = 0;
    const answered = () => {
      inFlight -= 1;
    };
    app.addHook("onRequest", (_request, reply, done) => {
      inFlight += 1;
      // A response's close comes once, whether it was sent whole or its connection went away.
      reply.raw.once("close", answered);
      done();
    });
    const jobs = observedQueue(
      createJobQueue(app.config, app.database, app.log, () => inFlight > BUSY_REQUESTS),
      app.metrics.jobs,
    );
    app.decorate("jobs", jobs);
    app.metrics.collectJobs(() => jobs.waiting());
    app.addHook("onReady", async () => jobs.start());
    app.addHook("onClose", async () => jobs.stop());
  },
  { name: "jobs", dependencies: ["config", "database", "metrics"] },
);
