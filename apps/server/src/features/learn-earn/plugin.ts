import fp from "fastify-plugin";
import { combinedXp } from "./combined-xp.ts";
import { createLearnEarnService, type LearnEarnService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    learnEarn: LearnEarnService;
    /**
     * A sprint's combined XP (Zealy plus learning) for the features learn-and-earn itself reads
     * (leads' eligibility, allow-list freezes), and a listener told when grants change; handed in
     * by their plugins, since learn-and-earn imports leads.
     */
    combinedXp: { read: typeof combinedXp; onChange: (listener: () => void) => void };
  }
}

/** Quests and grants: listens to passed assessments and lesson completions, storing a grant job in their transactions. */
export const learnEarnPlugin = fp(
  async (app) => {
    const listeners: Array<() => void> = [];
    const learnEarn = createLearnEarnService({
      database: app.database,
      jobs: app.jobs,
      mailer: app.mailer,
      wallet: app.wallet,
      publicUrl: app.config.publicUrl,
      onChange: () => {
        app.publicCache.forget((key) => key.includes("learn-earn"));
        for (const listener of listeners) listener();
      },
    });
    app.onAssessmentPassed((event, trx) => learnEarn.learningEvent(event, trx));
    app.onLessonCompleted((event, trx) => learnEarn.learningEvent(event, trx));
    app.decorate("learnEarn", learnEarn);
    app.decorate("combinedXp", { read: combinedXp, onChange: (listener: () => void) => listeners.push(listener) });
  },
  { name: "learn-earn", dependencies: ["config", "database", "jobs", "mailer", "public-cache", "wallet", "assessments", "learning"] },
);
