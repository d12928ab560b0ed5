import fp from "fastify-plugin";
import { createFormGuard, type FormGuard } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    formGuard: FormGuard;
  }
}

/** The public forms' bot checks, for the features whose forms it guards. */
export const formGuardPlugin = fp(
  async (app) => {
    app.decorate("formGuard", createFormGuard({ config: app.config, database: app.database, log: app.log }));
  },
  { name: "form-guard", dependencies: ["config", "database"] },
);
