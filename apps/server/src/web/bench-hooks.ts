import type { FastifyInstance } from "fastify";

/**
 * For `npm run bench` only (BENCH_BASELINE=1): empties the page cache and the public-answer cache,
 * so the bench can time a cold render (nothing cached) of each page; and waits until the job queue
 * is idle, so a round of writes leaves no jobs running into the round that follows it. The ceiling
 * each endpoint is compared with runs in a process of its own (bench/ceiling-server.ts).
 */
export function registerBenchHooks(app: FastifyInstance): void {
  app.post("/__bench/clear-caches", { schema: { hide: true } }, async (_request, reply) => {
    app.pageCache?.clear();
    app.publicCache.clear();
    return reply.status(204).send();
  });
  app.post("/__bench/idle", { schema: { hide: true } }, async (_request, reply) => {
    await app.jobs.idle(120_000);
    return reply.status(204).send();
  });
}
