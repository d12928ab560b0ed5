import fp from "fastify-plugin";
import { createAssessmentService, type AssessmentService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    assessments: AssessmentService;
  }
}

/** Course assessments and their attempts. */
export const assessmentsPlugin = fp(
  async (app) => {
    app.decorate("assessments", createAssessmentService({ database: app.database }));
  },
  { name: "assessments", dependencies: ["database"] },
);
