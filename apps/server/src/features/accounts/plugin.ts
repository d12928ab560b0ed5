import fp from "fastify-plugin";
import { authHooks, type AuthHooks } from "./auth-hooks.ts";
import { createAccountsService, type AccountsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    accounts: AccountsService;
    /** The onRequest hooks that sign a request in and check its role. */
    auth: AuthHooks;
  }
}

/** Accounts and the hooks every signed-in route uses; a request starts signed out. */
export const accountsPlugin = fp(
  async (app) => {
    const accounts = createAccountsService({
      database: app.database,
      config: app.config,
      mailer: app.mailer,
      limiter: app.limiter,
      log: app.log,
      formGuard: app.formGuard,
      consents: app.consents,
      twoFactor: app.twoFactor,
      accountRegistered: () => app.metrics.accountsRegistered.inc(),
    });
    app.decorate("accounts", accounts);
    app.decorate("auth", authHooks(accounts));
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    app.decorateRequest("twoFactorOn", false);
  },
  { name: "accounts", dependencies: ["config", "database", "metrics", "mailer", "limiter", "form-guard", "consents", "two-factor"] },
);
