/**
 * The learning feature's public entry: what other features (assessments, me), seeding and tests
 * may use. Its plugin (plugin.ts) builds the service; app.ts registers the plugin and the routes.
 */
export { issueCertificateIfEarned, type AssessmentStanding, type AssessmentStandings } from "./certificates.ts";
export { courseLinks, courseTitles, learningActivity } from "./reports-repository.ts";
export { learningLookups, type LearningLookups } from "./lookups.ts";
export { learningEventHub, type LearningEvent, type LearningEventListener } from "./learning-events.ts";
export { completionDays, trackFinished } from "./quest-facts-repository.ts";
export { learningSeeder } from "./seed.ts";
