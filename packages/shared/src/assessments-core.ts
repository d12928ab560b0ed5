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
  /** How many questions an attempt draws from the course's bank. */
  questionsPerAttempt: 10,
  reviewPolicy: "after-pass-or-attempts-used",
} as const;

/**
 * When a learner may see the right answers and explanations of a graded attempt. Before that,
 * the review shows only which of their own answers were wrong and the lesson to reread.
 * - after-pass-or-attempts-used: once they have passed, or have used every attempt of the window;
 * - after-pass-only: once they have passed;
 * - never: the right answers are never shown.
 */
export const REVIEW_POLICIES = ["after-pass-or-attempts-used", "after-pass-only", "never"] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];

export const REVIEW_POLICY_LABELS: Record<ReviewPolicy, string> = {
  "after-pass-or-attempts-used": "After a pass or last attempt",
  "after-pass-only": "Only after a pass",
  never: "Never",
};

/** Whether a graded attempt's review may show the right answers and explanations. */
export function mayShowKey(policy: ReviewPolicy, standing: { passed: boolean; attemptsLeft: number }): boolean {
  switch (policy) {
    case "after-pass-or-attempts-used":
      return standing.passed || standing.attemptsLeft <= 0;
    case "after-pass-only":
      return standing.passed;
    case "never":
      return false;
  }
}

/**
 * What makes a question bank too small to be worth a certificate: fewer than twice the questions
 * an attempt draws (two attempts would then share most of their questions), or a lesson with fewer
 * than two questions (every draw would ask the same one). `lessons` lists the course's lesson
 * numbers when known; otherwise the lessons the questions name are checked.
 */
export function bankShortfall(
  questions: ReadonlyArray<{ lesson?: number | undefined }>,
  questionsPerAttempt: number,
  lessons?: readonly number[],
): { poolTooSmall: boolean; needed: number; thinLessons: number[] } {
  const perLesson = new Map<number, number>();
  for (const lesson of lessons ?? []) perLesson.set(lesson, 0);
  for (const q of questions) if (q.lesson !== undefined) perLesson.set(q.lesson, (perLesson.get(q.lesson) ?? 0) + 1);
  const thinLessons = [...perLesson].filter(([, n]) => n < 2).map(([lesson]) => lesson);
  const needed = 2 * questionsPerAttempt;
  return { poolTooSmall: questions.length < needed, needed, thinLessons: thinLessons.sort((a, b) => a - b) };
}

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
  tooFewInBank: "Questions per attempt cannot be more than the questions in the bank.",
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
