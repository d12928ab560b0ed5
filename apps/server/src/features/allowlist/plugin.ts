import fp from "fastify-plugin";
import { createAllowlistService, type AllowlistService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    allowlist: AllowlistService;
  }
}

/** The frozen allow-lists and their proofs; a freeze reads the sprint's claims and wallets the leads plugin offers, and learn-and-earn's combined XP. */
export const allowlistPlugin = fp(
  async (app) => {
    app.decorate(
      "allowlist",
      createAllowlistService({
        database: app.database,
        dataDir: app.config.dataDir,
        limiter: app.limiter,
        leads: app.allowlistSources,
        combinedXp: app.combinedXp.read,
      }),
    );
  },
  { name: "allowlist", dependencies: ["config", "database", "limiter", "leads", "learn-earn"] },
);
