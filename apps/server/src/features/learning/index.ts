/**
 * The learning feature's public entry: what other features (assessments, me), seeding and tests
 * may use. app.ts builds the service and registers the routes from their own modules.
 */
export { issueCertificateIfEarned, type AssessmentStanding, type AssessmentStandings } from "./certificates.ts";
export { courseTitles, learningActivity } from "./reports-repository.ts";
export { learningLookups, type LearningLookups } from "./lookups.ts";
export { learningSeeder } from "./seed.ts";
