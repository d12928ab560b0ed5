import fp from "fastify-plugin";
import { createWalletService, type WalletService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/** Wallet proofs (Sign-In with Ethereum), checked for the leads service. */
export const walletPlugin = fp(
  async (app) => {
    app.decorate("wallet", createWalletService({ database: app.database, config: app.config, limiter: app.limiter, log: app.log }));
  },
  { name: "wallet", dependencies: ["config", "database", "limiter"] },
);
