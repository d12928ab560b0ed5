/**
 * The assessments feature's public entry: its seed (db/seed composes every feature's), and what
 * the learning service asks of it (learning's plugin hands it over when building the service).
 */
export { attemptsOfLearner, placementOfLearner } from "./privacy-repository.ts";
export { assessmentsSeeder } from "./seed.ts";
export { assessmentStandings } from "./standing.ts";
