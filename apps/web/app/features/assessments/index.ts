/** The assessments feature's public entry: what other features may use. */
export { assessmentStatus } from "./lazy-status";
export { ASSESSMENT_COPY } from "./copy";
export { assessmentPath, certificatePath, PLACEMENT_PATH } from "./paths";
