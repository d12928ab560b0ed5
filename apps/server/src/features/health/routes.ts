import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema, livenessSchema, readinessSchema } from "@vestin/shared/api";

/**
 * The health routes, outside the envelope. GET /health is the web client's availability probe;
 * /health/live and /health/ready are a load balancer's (docs/operations.md, "Health checks and
 * shutdown"). None is rate-limited, cached or stored: each answer is `no-store`.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Service and database health",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const dbUp = await app.database.ping();
      void reply.header("cache-control", "no-store");
      if (!dbUp) return reply.status(503).send({ status: "degraded", db: "down" });
      return { status: "ok" as const, db: "ok" as const };
    },
  );

  app.get(
    "/health/live",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness: the process answers",
        description: "200 whenever the process can answer at all; asks no dependency. A failing liveness check means restart the process.",
        response: { 200: livenessSchema },
      },
    },
    async (_request, reply) => {
      void reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  app.get(
    "/health/ready",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness: whether a load balancer should send this server traffic",
        description:
          "200 when the database answers a ping, no migration is pending, the job workers run and Redis answers (when REDIS_URL is set). " +
          "503 otherwise, with the failing check in `checks`; 503 without `checks` while the server is starting or draining (`phase`).",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await app.readiness.check();
      void reply.header("cache-control", "no-store");
      return reply.status(readiness.status === "ok" ? 200 : 503).send(readiness);
    },
  );
};
