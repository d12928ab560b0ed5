import fp from "fastify-plugin";
import { createLearnEarnService, type LearnEarnService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    learnEarn: LearnEarnService;
  }
}

/** Quests and grants: listens to passed assessments and lesson completions, storing a grant job in their transactions. */
export const learnEarnPlugin = fp(
  async (app) => {
    const learnEarn = createLearnEarnService({
      database: app.database,
      jobs: app.jobs,
      mailer: app.mailer,
      wallet: app.wallet,
      publicUrl: app.config.publicUrl,
      onChange: () => app.publicCache.forget((key) => key.includes("learn-earn")),
    });
    app.onAssessmentPassed((event, trx) => learnEarn.learningEvent(event, trx));
    app.onLessonCompleted((event, trx) => learnEarn.learningEvent(event, trx));
    app.decorate("learnEarn", learnEarn);
  },
  { name: "learn-earn", dependencies: ["config", "database", "jobs", "mailer", "public-cache", "wallet", "assessments", "learning"] },
);
