import type { AssessmentStandings } from "../learning/index.ts";
import { assessmentRepository as repo } from "./repository.ts";

/**
 * What a course's assessment says about a learner's certificate, as learning asks it (the
 * assessments plugin offers it, the learning plugin hands it to the learning service): whether
 * the course has an assessment, and the learner's best pass.
 */
export const assessmentStandings: AssessmentStandings = {
  async of(db, userId, courseId) {
    const [assessment, best] = await Promise.all([repo.assessmentOf(db, courseId), repo.bestPass(db, userId, courseId)]);
    return { assessed: assessment !== undefined, bestPass: best ? { attemptId: best.id, score: best.score ?? 0 } : null };
  },

  async passedIn(db, userId, courseIds) {
    const [assessed, passed] = await Promise.all([repo.assessedCourses(db, courseIds), repo.passedCourses(db, userId, courseIds)]);
    return new Map(assessed.map((courseId) => [courseId, passed.has(courseId)]));
  },
};
