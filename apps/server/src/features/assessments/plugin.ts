import fp from "fastify-plugin";
import { learningEventHub, type AssessmentStandings, type LearningEventListener } from "../learning/index.ts";
import { createAssessmentService, type AssessmentService } from "./service.ts";
import { assessmentStandings } from "./standing.ts";

declare module "fastify" {
  interface FastifyInstance {
    assessments: AssessmentService;
    /** What a course's assessment says about a learner's certificate, for the learning service. */
    assessmentStandings: AssessmentStandings;
    /** Adds a listener to every passed attempt and passed placement quiz, told inside its transaction. */
    onAssessmentPassed: (listener: LearningEventListener) => void;
  }
}

/** Course assessments and their attempts, and the standings learning asks of them. */
export const assessmentsPlugin = fp(
  async (app) => {
    const passed = learningEventHub();
    app.decorate("assessments", createAssessmentService({ database: app.database, onPassed: passed.tell }));
    app.decorate("onAssessmentPassed", passed.add);
    app.decorate("assessmentStandings", assessmentStandings);
  },
  { name: "assessments", dependencies: ["database"] },
);
