import { slugify } from "@vestin/shared/blog-core";
import {
  ADMIN_MIN_QUESTIONS,
  ASSESSMENT_DEFAULTS,
  adminAssessmentSchema,
  type AuthoredAssessment,
  type ReviewPolicy,
  type AuthoredQuestion,
  type QuestionType,
} from "@vestin/shared/assessments";

/**
 * The assessment editor's working copy. Inputs hold text (a number is typed, possibly with a
 * comma), so a draft is not the API's input shape: `toAssessmentInput` turns it into that shape and
 * the shared zod schema (the server's own) decides what is valid.
 */

export type OptionDraft = { key: string; text: string; right: boolean };

export type QuestionDraft = {
  /** Stable across moves and renames: React keys, element ids and error routing use it. */
  key: string;
  type: QuestionType;
  id: string;
  /** New questions take their id from the prompt until the author edits the id. */
  autoId: boolean;
  lesson: string;
  prompt: string;
  explanation: string;
  /** single and multiple; kept while the type is switched away and back. */
  options: OptionDraft[];
  truth: "" | "true" | "false";
  numericAnswer: string;
  tolerance: string;
  unit: string;
};

export type AssessmentDraft = {
  passMark: string;
  maxAttempts: string;
  timed: boolean;
  timeLimitMinutes: string;
  questionsPerAttempt: string;
  reviewPolicy: ReviewPolicy;
  questions: QuestionDraft[];
};

/** What the editor saves: the schema's output (trimmed, defaults filled in). */
export type AdminAssessment = ReturnType<typeof adminAssessmentSchema.parse>;

export const OPTION_LIMITS = { single: { min: 2, max: 6 }, multiple: { min: 3, max: 8 } } as const;
export const DEFAULT_TIME_LIMIT = 30;
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: "One right option",
  multiple: "Several right options",
  truefalse: "True or false",
  numeric: "Number",
};

let counter = 0;
/** A key unique in this page's life (not an id the server sees). */
export function newKey(prefix = "k"): string {
  counter += 1;
  return `${prefix}${counter.toString(36)}`;
}

const blankOptions = (count: number): OptionDraft[] => Array.from({ length: count }, () => ({ key: newKey("o"), text: "", right: false }));

export function blankQuestion(): QuestionDraft {
  return {
    key: newKey("q"),
    type: "single",
    id: "",
    autoId: true,
    lesson: "",
    prompt: "",
    explanation: "",
    options: blankOptions(4),
    truth: "",
    numericAnswer: "",
    tolerance: "0",
    unit: "",
  };
}

export function blankAssessment(): AssessmentDraft {
  return {
    passMark: String(ASSESSMENT_DEFAULTS.passMark),
    maxAttempts: String(ASSESSMENT_DEFAULTS.maxAttempts),
    timed: false,
    timeLimitMinutes: String(DEFAULT_TIME_LIMIT),
    questionsPerAttempt: String(ASSESSMENT_DEFAULTS.questionsPerAttempt),
    reviewPolicy: ASSESSMENT_DEFAULTS.reviewPolicy,
    questions: [blankQuestion()],
  };
}

/** A number as people type it: "4.4", "4,4", " 1 000 " (spaces are ignored). Empty or anything else: NaN. */
export function parseDecimal(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "");
  if (!/^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(compact)) return Number.NaN;
  return Number(compact.replace(",", "."));
}

/** A number for an input: the point as typed by most authors, no exponent. */
export function formatDecimal(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return "";
  return String(value);
}

const STOP_WORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "to",
  "in",
  "on",
  "at",
  "by",
  "for",
  "and",
  "or",
  "is",
  "are",
  "was",
  "be",
  "it",
  "its",
  "this",
  "that",
  "these",
  "which",
  "what",
  "who",
  "how",
  "does",
  "do",
  "with",
  "as",
  "from",
]);

/** A short lowercase-hyphen id from a prompt ("Which of these suggest an SPV…" → "these-suggest-spv…"), unique among `taken`. */
export function idFromPrompt(prompt: string, taken: Iterable<string>): string {
  const words = slugify(prompt).split("-").filter(Boolean);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  const base = (meaningful.length >= 2 ? meaningful : words).slice(0, 6).join("-").slice(0, 60).replace(/-+$/, "") || "question";
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** As an id is typed: lower case, spaces and underscores become hyphens. */
export function normalizeIdInput(text: string): string {
  return text.toLowerCase().replace(/[\s_]+/g, "-");
}

export function draftFromQuestion(question: AuthoredQuestion): QuestionDraft {
  const draft: QuestionDraft = {
    ...blankQuestion(),
    type: question.type,
    id: question.id,
    autoId: false,
    lesson: question.lesson === undefined || question.lesson === null ? "" : String(question.lesson),
    prompt: question.prompt,
    explanation: question.explanation,
  };
  switch (question.type) {
    case "single":
      draft.options = question.options.map((text, index) => ({ key: newKey("o"), text, right: index === question.answer }));
      break;
    case "multiple":
      draft.options = question.options.map((text, index) => ({ key: newKey("o"), text, right: question.answers.includes(index) }));
      break;
    case "truefalse":
      draft.truth = question.answer ? "true" : "false";
      break;
    case "numeric":
      draft.numericAnswer = formatDecimal(question.answer);
      draft.tolerance = formatDecimal(question.tolerance ?? 0);
      draft.unit = question.unit ?? "";
      break;
  }
  return draft;
}

/** The stored assessment as a draft. Accepts the admin's 5-question banks as well as the seeds' 10+. */
export function draftFromAssessment(
  assessment: Pick<AuthoredAssessment, "passMark" | "maxAttempts" | "timeLimitMinutes" | "questions"> &
    Partial<Pick<AuthoredAssessment, "questionsPerAttempt" | "reviewPolicy">>,
): AssessmentDraft {
  const timeLimit = assessment.timeLimitMinutes ?? null;
  return {
    passMark: String(assessment.passMark ?? ASSESSMENT_DEFAULTS.passMark),
    maxAttempts: String(assessment.maxAttempts ?? ASSESSMENT_DEFAULTS.maxAttempts),
    timed: timeLimit !== null,
    timeLimitMinutes: String(timeLimit ?? DEFAULT_TIME_LIMIT),
    questionsPerAttempt: String(assessment.questionsPerAttempt ?? ASSESSMENT_DEFAULTS.questionsPerAttempt),
    reviewPolicy: assessment.reviewPolicy ?? ASSESSMENT_DEFAULTS.reviewPolicy,
    questions: assessment.questions.map(draftFromQuestion),
  };
}

/**
 * Switches a question's type. The prompt, explanation, id and lesson stay; options, the true/false
 * choice and the number are all kept in the draft, so switching back restores them. A single
 * question keeps one right option at most.
 */
export function switchType(question: QuestionDraft, type: QuestionType): QuestionDraft {
  if (type === question.type) return question;
  let options = question.options;
  if (type === "single") {
    const first = options.findIndex((o) => o.right);
    options = options.map((o, index) => (o.right && index !== first ? { ...o, right: false } : o));
  }
  const { min } = type === "single" || type === "multiple" ? OPTION_LIMITS[type] : { min: 0 };
  if (options.length < min) options = [...options, ...blankOptions(min - options.length)];
  return { ...question, type, options };
}

const integerOrNaN = (text: string) => {
  const value = parseDecimal(text);
  return text.trim() === "" ? Number.NaN : value;
};

/** The draft in the API's input shape (before zod): blanks become undefined or NaN so the schema names them. */
export function toAssessmentInput(draft: AssessmentDraft): unknown {
  return {
    passMark: integerOrNaN(draft.passMark),
    maxAttempts: integerOrNaN(draft.maxAttempts),
    timeLimitMinutes: draft.timed ? integerOrNaN(draft.timeLimitMinutes) : null,
    questionsPerAttempt: integerOrNaN(draft.questionsPerAttempt),
    reviewPolicy: draft.reviewPolicy,
    questions: draft.questions.map(toQuestionInput),
  };
}

export function toQuestionInput(q: QuestionDraft): Record<string, unknown> {
  const base: Record<string, unknown> = { id: q.id.trim(), type: q.type, prompt: q.prompt, explanation: q.explanation };
  if (q.lesson.trim() !== "") base.lesson = parseDecimal(q.lesson);
  switch (q.type) {
    case "single": {
      const right = q.options.findIndex((o) => o.right);
      return { ...base, options: q.options.map((o) => o.text), answer: right === -1 ? undefined : right };
    }
    case "multiple":
      return { ...base, options: q.options.map((o) => o.text), answers: q.options.flatMap((o, index) => (o.right ? [index] : [])) };
    case "truefalse":
      return { ...base, answer: q.truth === "" ? undefined : q.truth === "true" };
    case "numeric": {
      const out: Record<string, unknown> = { ...base, answer: parseDecimal(q.numericAnswer) };
      if (q.tolerance.trim() !== "") out.tolerance = parseDecimal(q.tolerance);
      if (q.unit.trim() !== "") out.unit = q.unit;
      return out;
    }
  }
}

/**
 * Clearer words where the shared schema keeps zod's defaults ("Invalid input: expected number,
 * received NaN"). Keyed by the last part of the field's path; the schema's own messages stay.
 */
const PLAIN_MESSAGES: Record<string, string> = {
  passMark: "The pass mark is a whole percentage from 1 to 100",
  maxAttempts: "Allow a whole number of attempts from 1 to 20",
  timeLimitMinutes: "Give the time limit in whole minutes, from 1 to 120",
  questionsPerAttempt: `Questions per attempt is a whole number from ${ADMIN_MIN_QUESTIONS} to 100`,
  lesson: "The lesson is a whole number, 1 or more",
};
const ZOD_DEFAULT = /^(Invalid input|Too small|Too big|Expected|Invalid)/;

export function plainMessage(path: string, message: string): string {
  const field = path.split(".").at(-1) ?? path;
  const plain = PLAIN_MESSAGES[field];
  return plain && ZOD_DEFAULT.test(message) ? plain : message;
}

/** Field errors keyed the way the server keys them ("questions.3.answers"), first message per field. */
export type FieldErrors = Record<string, string>;

export function validateDraft(draft: AssessmentDraft): { ok: true; value: AdminAssessment } | { ok: false; errors: FieldErrors } {
  const parsed = adminAssessmentSchema.safeParse(toAssessmentInput(draft));
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join(".") || "form";
      errors[key] ??= plainMessage(key, issue.message);
    }
  }
  // Blank options are all "the same text": their "required" message is enough.
  draft.questions.forEach((q, index) => {
    const key = `questions.${index}.options`;
    if (errors[key] === SAME_OPTION_TEXT && q.options.some((o) => !o.text.trim())) delete errors[key];
  });
  // The schema names duplicate ids on the list only (and only once all else is valid): point at each question.
  const seen = new Map<string, number>();
  draft.questions.forEach((q, index) => {
    const id = q.id.trim();
    if (!id) return;
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, index);
      return;
    }
    errors[`questions.${first}.id`] ??= "Another question has this id";
    errors[`questions.${index}.id`] ??= "Another question has this id";
    errors.questions ??= "Two questions have the same id";
  });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, value: parsed.data };
  return { ok: false, errors };
}

/**
 * Routes errors keyed by position ("questions.3.options.1") to the question they belong to, by
 * its draft key, so they stay with it when questions move.
 */
export type RoutedErrors = { settings: FieldErrors; list: string | undefined; questions: Record<string, FieldErrors>; other: string[] };

const SETTINGS = ["passMark", "maxAttempts", "timeLimitMinutes", "questionsPerAttempt", "reviewPolicy"];

export function routeErrors(errors: FieldErrors, questions: Array<Pick<QuestionDraft, "key">>): RoutedErrors {
  const routed: RoutedErrors = { settings: {}, list: undefined, questions: {}, other: [] };
  for (const [path, raw] of Object.entries(errors)) {
    const message = plainMessage(path, raw);
    const [head, index, ...rest] = path.split(".");
    if (head && SETTINGS.includes(head)) {
      routed.settings[head] ??= message;
    } else if (head === "questions" && index === undefined) {
      routed.list ??= message;
    } else if (head === "questions" && index !== undefined && /^\d+$/.test(index)) {
      const question = questions[Number(index)];
      if (!question) {
        routed.other.push(message);
        continue;
      }
      const field = rest.join(".") || "question";
      const own = routed.questions[question.key] ?? {};
      own[field] ??= message;
      routed.questions[question.key] = own;
    } else {
      routed.other.push(path === "form" || path === "body" ? message : `${path}: ${message}`);
    }
  }
  return routed;
}

export function errorCount(routed: RoutedErrors): number {
  return (
    Object.keys(routed.settings).length +
    (routed.list ? 1 : 0) +
    Object.values(routed.questions).reduce((sum, own) => sum + Object.keys(own).length, 0) +
    routed.other.length
  );
}

/** A comparable form of a draft (no keys, no auto-id flag) to tell whether anything changed. */
export function draftSignature(draft: AssessmentDraft): string {
  return JSON.stringify({
    passMark: draft.passMark.trim(),
    maxAttempts: draft.maxAttempts.trim(),
    time: draft.timed ? draft.timeLimitMinutes.trim() : null,
    perAttempt: draft.questionsPerAttempt.trim(),
    reviewPolicy: draft.reviewPolicy,
    questions: draft.questions.map((q) => toQuestionInput(q)),
  });
}

export const MIN_TO_SAVE = ADMIN_MIN_QUESTIONS;
/** The shared schema's words for a bank that is too small, and for repeated option texts. */
export const TOO_FEW_QUESTIONS = `An assessment has at least ${ADMIN_MIN_QUESTIONS} questions`;
const SAME_OPTION_TEXT = "Two options have the same text";
