import type { FastifyInstance } from "fastify";

/**
 * For `npm run bench` only (BENCH_BASELINE=1): a route that returns a precomputed JSON body of a
 * given size, the practical ceiling each endpoint is compared with in the same run.
 */
export function registerBenchBaseline(app: FastifyInstance): void {
  // Encoded once, like the cached API answers it is compared with.
  const bodies = new Map<number, Buffer>();
  app.get<{ Params: { bytes: string } }>("/__bench/baseline/:bytes", { schema: { hide: true } }, async (request, reply) => {
    const size = Math.min(Math.max(Number.parseInt(request.params.bytes, 10) || 0, 16), 5_000_000);
    let body = bodies.get(size);
    if (!body) {
      const filler = "x".repeat(Math.max(0, size - 30));
      body = Buffer.from(JSON.stringify({ success: true, data: filler }));
      bodies.set(size, body);
    }
    return reply.header("content-type", "application/json; charset=utf-8").send(body);
  });
}
