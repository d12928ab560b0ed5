/** The assessments feature's public entry: its seed (db/seed composes every feature's). */
export { assessmentsSeeder } from "./seed.ts";
