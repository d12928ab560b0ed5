/** The learning feature's public entry: what other features may use. */
export { downloadCertificate, enrollmentStatus } from "./api/learning-api";
export { DifficultyBadge, ProgressBar } from "./components/badges";
