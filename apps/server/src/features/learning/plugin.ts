import fp from "fastify-plugin";
import { createLearningService, type LearningService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    learning: LearningService;
  }
}

/** The learning catalogue, enrolment, certificates (which ask the assessments and accounts) and their authoring. */
export const learningPlugin = fp(
  async (app) => {
    const learning = createLearningService({
      database: app.database,
      config: app.config,
      cache: app.publicCache,
      assessments: app.assessmentStandings,
      learnerById: (id) => app.accounts.userById(id),
      revisions: app.revisions,
    });
    app.decorate("learning", learning);
  },
  { name: "learning", dependencies: ["config", "database", "public-cache", "accounts", "assessments", "revisions"] },
);
