import fp from "fastify-plugin";
import type { AssessmentStandings } from "../learning/index.ts";
import { createAssessmentService, type AssessmentService } from "./service.ts";
import { assessmentStandings } from "./standing.ts";

declare module "fastify" {
  interface FastifyInstance {
    assessments: AssessmentService;
    /** What a course's assessment says about a learner's certificate, for the learning service. */
    assessmentStandings: AssessmentStandings;
  }
}

/** Course assessments and their attempts, and the standings learning asks of them. */
export const assessmentsPlugin = fp(
  async (app) => {
    app.decorate("assessments", createAssessmentService({ database: app.database }));
    app.decorate("assessmentStandings", assessmentStandings);
  },
  { name: "assessments", dependencies: ["database"] },
);
