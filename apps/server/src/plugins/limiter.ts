import fp from "fastify-plugin";
import { createRateLimiter, type RateLimiter } from "../lib/rate-limit.ts";

declare module "fastify" {
  interface FastifyInstance {
    limiter: RateLimiter;
  }
}

/** Rate limits, in Redis when REDIS_URL is set (shared by several servers), in memory otherwise. */
export const limiterPlugin = fp(
  async (app) => {
    const limiter = createRateLimiter({ enabled: app.config.rateLimits, redisUrl: app.config.redisUrl });
    app.decorate("limiter", limiter);
    app.addHook("onClose", async () => limiter.close());
  },
  { name: "limiter", dependencies: ["config"] },
);
