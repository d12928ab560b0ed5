import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "@vestin/shared/api";

/** GET /health: the one route outside the envelope; the web client's availability probe. */
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
};
