import fp from "fastify-plugin";
import { learningEventHub, type LearningEventListener } from "./learning-events.ts";
import { createLearningService, type LearningService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    learning: LearningService;
    /** Adds a listener to every lesson completion, told inside its transaction; plugins registered later add theirs while the app is built. */
    onLessonCompleted: (listener: LearningEventListener) => void;
  }
}

/** The learning catalogue, enrolment, certificates (which ask the assessments and accounts) and their authoring. */
export const learningPlugin = fp(
  async (app) => {
    const completed = learningEventHub();
    const learning = createLearningService({
      database: app.database,
      config: app.config,
      cache: app.publicCache,
      assessments: app.assessmentStandings,
      learnerById: (id) => app.accounts.userById(id),
      onLessonCompleted: completed.tell,
    });
    app.decorate("learning", learning);
    app.decorate("onLessonCompleted", completed.add);
  },
  { name: "learning", dependencies: ["config", "database", "public-cache", "accounts", "assessments"] },
);
