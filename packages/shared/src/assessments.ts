import {
  ADMIN_MIN_QUESTIONS,
  ASSESSMENT_DEFAULTS,
  ASSESSMENT_MESSAGES,
  ATTEMPT_STATUSES,
  MIN_QUESTIONS,
  PLACEMENT_TRACKS,
  QUESTION_TYPES,
  REVIEW_POLICIES,
} from "./assessments-core.ts";
import { z } from "./zod.ts";

export * from "./assessments-core.ts";

/**
 * Course assessments: what an author writes (seed files and the admin editor share these rules)
 * and what a learner is shown. The right answers live only in `AuthoredQuestion`; a learner's
 * copy of a question (`AttemptQuestion`) never carries them before the attempt is graded.
 */

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

const questionId = z
  .string({ error: "Question id is required" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Question id must be lowercase letters, digits and hyphens")
  .max(80, "Question id must be at most 80 characters");

const base = {
  id: questionId,
  /** The lesson (its number) the question is written from. */
  lesson: z.number({ error: "The lesson is a lesson number" }).int("The lesson is a lesson number").min(1, "The lesson is a lesson number").optional(),
  prompt: text("Question text", 600),
  explanation: text("Explanation", 1200),
};

const options = (min: number, max: number) =>
  z
    .array(text("Option text", 300), { error: "Options are required" })
    .min(min, `Give at least ${min} options`)
    .max(max, `Give at most ${max} options`)
    .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, "Two options have the same text");

export const authoredQuestionSchema = z.discriminatedUnion(
  "type",
  [
    z
      .object({
        ...base,
        type: z.literal("single"),
        options: options(2, 6),
        answer: z.number({ error: "Mark the right option" }).int().min(0),
      })
      .refine((q) => q.answer < q.options.length, {
        message: "The right option must be one of the options",
        path: ["answer"],
      }),
    z
      .object({
        ...base,
        type: z.literal("multiple"),
        options: options(3, 8),
        answers: z.array(z.number().int().min(0), { error: "Mark the right options" }).min(1, "Mark at least one right option"),
      })
      .refine((q) => q.answers.every((a) => a < q.options.length), {
        message: "Every right option must be one of the options",
        path: ["answers"],
      })
      .refine((q) => new Set(q.answers).size === q.answers.length, {
        message: "A right option is marked twice",
        path: ["answers"],
      })
      .refine((q) => q.answers.length < q.options.length, {
        message: "At least one option must be wrong",
        path: ["answers"],
      }),
    z.object({
      ...base,
      type: z.literal("truefalse"),
      answer: z.boolean({ error: "Say whether the statement is true or false" }),
    }),
    z.object({
      ...base,
      type: z.literal("numeric"),
      answer: z.number({ error: "The answer must be a number" }).finite("The answer must be a number"),
      tolerance: z.number({ error: "The tolerance must be a number" }).min(0, "The tolerance cannot be negative").default(0),
      unit: z.string().trim().max(20, "The unit must be at most 20 characters").optional(),
    }),
  ],
  { error: "Question type must be single, multiple, truefalse or numeric" },
);
export type AuthoredQuestion = z.infer<typeof authoredQuestionSchema>;

const PASS_MARK = "The pass mark is a whole percentage from 1 to 100";
const ATTEMPTS = "Attempts per 24 hours is a whole number from 1 to 20";
const TIME_LIMIT = "The time limit is a whole number of minutes from 1 to 120";
const PER_ATTEMPT = `Questions per attempt is a whole number from ${ADMIN_MIN_QUESTIONS} to 100`;
const REVIEW = `The review policy is one of: ${REVIEW_POLICIES.join(", ")}`;
export const assessmentSettingsSchema = z.object({
  passMark: z.number({ error: PASS_MARK }).int(PASS_MARK).min(1, PASS_MARK).max(100, PASS_MARK).default(ASSESSMENT_DEFAULTS.passMark),
  maxAttempts: z.number({ error: ATTEMPTS }).int(ATTEMPTS).min(1, ATTEMPTS).max(20, ATTEMPTS).default(ASSESSMENT_DEFAULTS.maxAttempts),
  /** Timed mode: minutes to answer once started (null: untimed, the attempt expires after 2 hours). */
  timeLimitMinutes: z.number({ error: TIME_LIMIT }).int(TIME_LIMIT).min(1, TIME_LIMIT).max(120, TIME_LIMIT).nullable().default(null),
  /** How many questions each attempt draws from the bank (a balanced draw across lessons). */
  questionsPerAttempt: z
    .number({ error: PER_ATTEMPT })
    .int(PER_ATTEMPT)
    .min(ADMIN_MIN_QUESTIONS, PER_ATTEMPT)
    .max(100, PER_ATTEMPT)
    .default(ASSESSMENT_DEFAULTS.questionsPerAttempt),
  reviewPolicy: z.enum(REVIEW_POLICIES, { error: REVIEW }).default(ASSESSMENT_DEFAULTS.reviewPolicy),
});

const uniqueIds = (a: { questions: Array<{ id: string }> }) => new Set(a.questions.map((q) => q.id)).size === a.questions.length;
const fitsBank = (a: { questions: unknown[]; questionsPerAttempt: number }) => a.questionsPerAttempt <= a.questions.length;
const fitsBankIssue = { message: ASSESSMENT_MESSAGES.tooFewInBank, path: ["questionsPerAttempt"] };

/** An assessment of `min` to 100 questions with distinct ids, drawing no more per attempt than it holds. */
const assessmentSchemaOfAtLeast = (min: number) =>
  assessmentSettingsSchema
    .extend({
      questions: z.array(authoredQuestionSchema).min(min, `An assessment has at least ${min} questions`).max(100, "An assessment has at most 100 questions"),
    })
    .refine(uniqueIds, { message: "Two questions have the same id", path: ["questions"] })
    .refine(fitsBank, fitsBankIssue);

/** A course's assessment as stored (seed files: at least MIN_QUESTIONS questions). */
export const authoredAssessmentSchema = assessmentSchemaOfAtLeast(MIN_QUESTIONS);
export type AuthoredAssessment = z.infer<typeof authoredAssessmentSchema>;

/** An assessment as the server gives it back to authors (whatever the rules were when it was saved). */
export const storedAssessmentSchema = assessmentSettingsSchema.extend({ questions: z.array(authoredQuestionSchema) });

/** An assessment as an author saves it (at least ADMIN_MIN_QUESTIONS questions). */
export const adminAssessmentSchema = assessmentSchemaOfAtLeast(ADMIN_MIN_QUESTIONS);
export type AdminAssessmentInput = z.input<typeof adminAssessmentSchema>;

/** An option as a learner sees it: its id is stable for the question, its place is shuffled. */
export const attemptOptionSchema = z.object({ id: z.string(), text: z.string() });
/** A question as a learner sees it during an attempt: never its answer. */
export const attemptQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  prompt: z.string(),
  options: z.array(attemptOptionSchema),
  unit: z.string().nullable(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/** single: an option id; multiple: option ids; truefalse: a boolean; numeric: a number. */
export const answerValueSchema = z.union([z.string().max(40), z.array(z.string().max(40)).max(20), z.boolean(), z.number().finite()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const submitAttemptSchema = z.object({
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(80), answer: answerValueSchema }).strict(), {
      error: "answers must be a list",
    })
    .max(100),
});
export type SubmitAttemptInput = z.infer<typeof submitAttemptSchema>;

/** A graded question with its key: the placement quiz's result, and what grading stores. */
export const questionResultSchema = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  given: answerValueSchema.nullable(),
  rightAnswer: answerValueSchema,
  tolerance: z.number().nullable(),
  explanation: z.string(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

/** The key of a question: in a review only when the course's review policy allows it. */
export const questionSolutionSchema = z.object({
  rightAnswer: answerValueSchema,
  tolerance: z.number().nullable(),
  explanation: z.string(),
});
export type QuestionSolution = z.infer<typeof questionSolutionSchema>;

/** A graded question as the learner reviews it: their answer, whether it was wrong, the lesson to reread. */
export const reviewedQuestionSchema = z.object({
  questionId: z.string(),
  outcome: z.enum(["right", "wrong", "unanswered"]),
  given: answerValueSchema.nullable(),
  /** The lesson the question is written from (null when its author named none). */
  lesson: z.object({ slug: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  solution: questionSolutionSchema.nullable(),
});
export type ReviewedQuestion = z.infer<typeof reviewedQuestionSchema>;

export const attemptResultSchema = z.object({
  score: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  passMark: z.number().int(),
  passed: z.boolean(),
  /** Whether this review shows the right answers and explanations (the course's review policy decides). */
  keyShown: z.boolean(),
  reviewPolicy: z.enum(REVIEW_POLICIES),
  questions: z.array(reviewedQuestionSchema),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

export const attemptSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  expiresAt: z.string(),
  submittedAt: z.string().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  questions: z.array(attemptQuestionSchema),
  result: attemptResultSchema.nullable(),
  /** The certificate, when this attempt's pass issued it (or one was issued before). */
  certificateCode: z.string().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const attemptSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  score: z.number().int().nullable(),
  passed: z.boolean(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/** GET /courses/{id}/assessment: the rules for everyone, the learner's standing when signed in. */
export const assessmentStatusSchema = z.object({
  courseId: z.string(),
  /** Questions in one attempt. */
  questionCount: z.number().int(),
  passMark: z.number().int(),
  reviewPolicy: z.enum(REVIEW_POLICIES),
  maxAttempts: z.number().int(),
  attemptWindowHours: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  learner: z
    .object({
      enrolled: z.boolean(),
      unlocked: z.boolean(),
      lessonsRemaining: z.number().int(),
      attemptsUsed: z.number().int(),
      attemptsLeft: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      passed: z.boolean(),
      bestScore: z.number().int().nullable(),
      openAttempt: z.object({ id: z.string(), expiresAt: z.string() }).nullable(),
      attempts: z.array(attemptSummarySchema),
      certificateCode: z.string().nullable(),
    })
    .nullable(),
});
export type AssessmentStatus = z.infer<typeof assessmentStatusSchema>;

/** The admin report of one course's assessment (passed and passRate count submitted attempts). */
export const assessmentReportSchema = z.object({
  courseId: z.string(),
  attempts: z.number().int(),
  learners: z.number().int(),
  passed: z.number().int(),
  passRate: z.number(),
  averageScore: z.number(),
  /** Per question: attempts that were asked it, answered it, got it right; share = right / asked. */
  questions: z.array(
    z.object({
      id: z.string(),
      prompt: z.string(),
      type: z.enum(QUESTION_TYPES),
      asked: z.number().int(),
      answered: z.number().int(),
      right: z.number().int(),
      share: z.number().nullable(),
    }),
  ),
});
export type AssessmentReport = z.infer<typeof assessmentReportSchema>;

/* Placement quiz --------------------------------------------------------------------------- */

export const placementQuestionSchema = attemptQuestionSchema.extend({ track: z.enum(PLACEMENT_TRACKS) });
export type PlacementQuestion = z.infer<typeof placementQuestionSchema>;
export const submitPlacementSchema = submitAttemptSchema;

export const placementResultSchema = z.object({
  recommendation: z.object({
    trackSlug: z.string(),
    trackTitle: z.string(),
    courseId: z.string().nullable(),
    courseSlug: z.string().nullable(),
    courseTitle: z.string().nullable(),
    reason: z.string(),
  }),
  tracks: z.array(z.object({ slug: z.string(), title: z.string(), correct: z.number().int(), total: z.number().int() })),
  questions: z.array(questionResultSchema),
  savedAt: z.string().nullable(),
});
export type PlacementResult = z.infer<typeof placementResultSchema>;

/* Certificates ----------------------------------------------------------------------------- */
