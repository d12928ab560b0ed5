/**
 * The assessments feature's public entry: its seed (db/seed composes every feature's), and what
 * the learning service asks of it (also offered by its plugin, plugin.ts).
 */
export { attemptsOfLearner, placementOfLearner } from "./privacy-repository.ts";
export { attemptForQuests, bestPassingAttempt, coursesWithAssessment } from "./quest-facts-repository.ts";
export { assessmentsSeeder } from "./seed.ts";
export { assessmentStandings } from "./standing.ts";
