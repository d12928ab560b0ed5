/** The learning feature's public entry: what other features may use. */
export { downloadCertificate, enroll, enrollmentStatus, forgetCourse } from "./api/learning-api";
export { DifficultyBadge, ProgressBar } from "./components/badges";
export { SignInChoices } from "./components/login-required-dialog";
export { UpdatedBadge } from "./components/updated-mark";
