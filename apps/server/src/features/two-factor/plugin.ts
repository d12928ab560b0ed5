import fp from "fastify-plugin";
import { createTwoFactorService, type TwoFactorService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    twoFactor: TwoFactorService;
  }
}

/** Two-factor sign-in, asked by the accounts service at every sign-in. */
export const twoFactorPlugin = fp(
  async (app) => {
    app.decorate("twoFactor", createTwoFactorService({ database: app.database, jwtSecret: app.config.jwtSecret, limiter: app.limiter }));
  },
  { name: "two-factor", dependencies: ["config", "database", "limiter"] },
);
