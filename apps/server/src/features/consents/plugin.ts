import fp from "fastify-plugin";
import { createConsentsService, type ConsentsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    consents: ConsentsService;
  }
}

/** Consent records, written by the accounts and leads services inside their own transactions. */
export const consentsPlugin = fp(
  async (app) => {
    app.decorate("consents", createConsentsService({ database: app.database, jwtSecret: app.config.jwtSecret, limiter: app.limiter }));
  },
  { name: "consents", dependencies: ["config", "database", "limiter"] },
);
