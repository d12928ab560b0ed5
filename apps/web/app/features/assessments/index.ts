/** The assessments feature's public entry: what other features may use. */
export { assessmentStatus } from "./api/assessment-api";
export { ASSESSMENT_COPY } from "./copy";
export { assessmentPath, certificatePath, PLACEMENT_PATH } from "./paths";
