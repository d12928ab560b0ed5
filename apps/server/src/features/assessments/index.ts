/**
 * The assessments feature's public entry: its seed (db/seed composes every feature's), and what
 * the learning service asks of it (app.ts hands it over when building learning).
 */
export { attemptsOfLearner, placementOfLearner } from "./privacy-repository.ts";
export { assessmentsSeeder } from "./seed.ts";
export { assessmentStandings } from "./standing.ts";
