import { joinParts } from "../../lib/service-parts.ts";
import { authoring } from "./authoring.ts";
import { catalogue } from "./catalogue.ts";
import { certificates } from "./certificates.ts";
import { learningContext, type LearningDeps } from "./context.ts";
import { enrolment } from "./enrolment.ts";

/**
 * The learning area as one service (app.learning): the catalogue (catalogue.ts), enrolment and
 * progress (enrolment.ts), certificates (certificates.ts) and the admin console's writes
 * (authoring.ts), sharing the learner-place cache and lookups of context.ts.
 * Each member is defined by one part: a name two parts define does not compile.
 */
export function createLearningService(deps: LearningDeps) {
  const context = learningContext(deps);
  return joinParts(catalogue(context), enrolment(context), certificates(context), authoring(context));
}

export type LearningService = ReturnType<typeof createLearningService>;
