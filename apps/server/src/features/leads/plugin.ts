import fp from "fastify-plugin";
import { createLeadsService, type LeadsService } from "./service.ts";
import { allowlistSources, type AllowlistSources } from "./sprint-repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    leads: LeadsService;
    /** What an allow-list freeze reads of the leads (a sprint's granted claims, verified presale wallets). */
    allowlistSources: AllowlistSources;
  }
}

/** The public forms' leads (each new lead's event published in its own transaction), and what an allow-list freeze reads of them; eligibility reads learn-and-earn's combined XP. */
export const leadsPlugin = fp(
  async (app) => {
    const leads = createLeadsService({
      database: app.database,
      events: app.events,
      mailer: app.mailer,
      directMailer: app.directMailer,
      jobs: app.jobs,
      limiter: app.limiter,
      log: app.log,
      formGuard: app.formGuard,
      publicUrl: app.config.publicUrl,
      wallet: app.wallet,
      cache: app.publicCache,
      consents: app.consents,
      referralDailyBoosts: app.config.referralDailyBoosts,
      leadStored: app.metrics.leadStored,
      combinedXp: app.combinedXp.read,
    });
    // A grant or a revocation changes a wallet's combined XP and rank: eligibility answers are rebuilt.
    app.combinedXp.onChange(() => leads.forgetEligibility());
    app.decorate("leads", leads);
    app.decorate("allowlistSources", allowlistSources);
  },
  {
    name: "leads",
    dependencies: ["config", "database", "metrics", "jobs", "events", "mailer", "limiter", "public-cache", "form-guard", "wallet", "consents", "learn-earn"],
  },
);
