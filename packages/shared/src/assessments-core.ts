/**
 * Assessments' constants, messages and pure helpers, free of the schema library, so the browser
 * can use them without loading zod (the catalogue links to the placement quiz, course pages show
 * the assessment card). assessments.ts re-exports everything here next to the schemas.
 */

export const QUESTION_TYPES = ["single", "multiple", "truefalse", "numeric"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const ASSESSMENT_DEFAULTS = {
  passMark: 70,
  maxAttempts: 3,
  /** The window of `maxAttempts`, in hours. */
  attemptWindowHours: 24,
  /** An attempt not submitted within this time expires (untimed mode). */
  openAttemptHours: 2,
} as const;

export const MIN_QUESTIONS = 10;

/** What the admin editor saves: the same rules, from 5 questions (an author may build up a bank). */
export const ADMIN_MIN_QUESTIONS = 5;

export const ASSESSMENT_MESSAGES = {
  notFound: "This course has no assessment yet.",
  locked: "Complete every lesson of this course to open its assessment.",
  notEnrolled: "Enroll in this course to take its assessment.",
  attemptNotFound: "Assessment attempt not found",
  alreadySubmitted: "This attempt has already been submitted.",
  expired: "This attempt has expired. Start a new attempt to try again.",
  unknownQuestion: "An answer is for a question that is not in this attempt.",
  duplicateAnswer: "A question is answered more than once.",
  wrongAnswerType: "An answer does not fit its question: choose an option, options, true or false, or a number.",
  unknownOption: "An answer names an option that is not in its question.",
  placementIncomplete: "Answer every question of the placement quiz to get a recommendation.",
} as const;

/** "You have used all 3 attempts of the last 24 hours…" (429, with Retry-After). */
export function attemptLimitMessage(maxAttempts: number, windowHours: number): string {
  return `You have used all ${maxAttempts} attempt${maxAttempts === 1 ? "" : "s"} allowed in ${windowHours} hours. You can try again once the oldest one is ${windowHours} hours old.`;
}

export const ATTEMPT_STATUSES = ["open", "submitted", "expired"] as const;

export const PLACEMENT_TRACKS = [
  "real-estate-tokenization",
  "physical-assets-and-commodities",
  "securities-tokenization",
  "nfts-and-digital-assets",
  "advanced-topics",
] as const;

/**
 * LinkedIn's documented "Add to profile" link for a certification
 * (https://addtoprofile.linkedin.com: startTask=CERTIFICATION_NAME with name, organizationName,
 * issueYear, issueMonth, certUrl and certId).
 */
export function linkedInAddToProfileUrl(input: { courseTitle: string; issuedAt: string; code: string; verifyUrl: string; organization: string }): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: input.courseTitle,
    organizationName: input.organization,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.verifyUrl,
    certId: input.code,
  });
  return `https://www.linkedin.com/profile/add?${params}`;
}
