/** The assessments feature's public entry: its seed (db/seed composes every feature's). */
export { attemptsOfLearner, placementOfLearner } from "./privacy-repository.ts";
export { assessmentsSeeder } from "./seed.ts";
