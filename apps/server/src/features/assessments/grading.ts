import { randomInt } from "node:crypto";
import {
  ASSESSMENT_MESSAGES,
  type AnswerValue,
  type AttemptQuestion,
  type AuthoredQuestion,
  type QuestionResult,
  type SubmitAttemptInput,
} from "@vestin/shared/assessments";
import { badRequest } from "../../lib/errors.ts";

/**
 * Grading, with no database: how an attempt's questions are shown, how answers are checked
 * against the attempt's own copy of the questions, and the score.
 *
 * An option's id is its place in the question as authored ("0", "1", …); a learner sees the
 * options in a shuffled order, so the id tells nothing about which option is right.
 */

/** A question as an attempt stores it: the authored question and the order its options were shown in. */
export type ShownQuestion = { question: AuthoredQuestion; optionOrder: number[] };

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const optionOrderOf = (question: AuthoredQuestion) => ("options" in question ? shuffled(question.options.map((_, i) => i)) : []);

/**
 * The questions of a new attempt: `count` of the bank, drawn evenly across its lessons (the
 * lessons in a random order, one question from each in turn, a random one within its lesson;
 * questions that name no lesson form a group of their own), then shown in a shuffled order with
 * each question's options shuffled. Two attempts thus ask different questions, or the same
 * questions with other option orders, and a bank of twice the attempt's size is never asked whole.
 */
export function drawQuestions(questions: readonly AuthoredQuestion[], count: number): ShownQuestion[] {
  const groups = new Map<number | null, AuthoredQuestion[]>();
  for (const q of questions) groups.set(q.lesson ?? null, [...(groups.get(q.lesson ?? null) ?? []), q]);
  const queues = shuffled([...groups.values()]).map((group) => shuffled(group));
  const drawn: AuthoredQuestion[] = [];
  const target = Math.min(count, questions.length);
  while (drawn.length < target) {
    for (const queue of queues) {
      const next = queue.pop();
      if (next && drawn.length < target) drawn.push(next);
    }
  }
  return shuffled(drawn).map((question) => ({ question, optionOrder: optionOrderOf(question) }));
}

/** What a learner is shown of a question: never its answer, its explanation or its lesson. */
export function toAttemptQuestion({ question, optionOrder }: ShownQuestion): AttemptQuestion {
  const options = "options" in question ? optionOrder.map((i) => ({ id: String(i), text: question.options[i] ?? "" })) : [];
  return { id: question.id, type: question.type, prompt: question.prompt, options, unit: question.type === "numeric" ? (question.unit ?? null) : null };
}

/** The right answer in the form a learner answers in. */
export function rightAnswerOf(question: AuthoredQuestion): AnswerValue {
  switch (question.type) {
    case "single":
      return String(question.answer);
    case "multiple":
      return [...question.answers].sort((a, b) => a - b).map(String);
    case "truefalse":
    case "numeric":
      return question.answer;
  }
}

const isOptionOf = (question: { options: string[] }, id: string) => /^(?:0|[1-9]\d?)$/.test(id) && Number(id) < question.options.length;

/** Refuses an answer that does not fit its question (400), so nothing is graded or stored. */
function checkAnswer(question: AuthoredQuestion, answer: AnswerValue): void {
  switch (question.type) {
    case "single":
      if (typeof answer !== "string") throw badRequest(ASSESSMENT_MESSAGES.wrongAnswerType);
      if (!isOptionOf(question, answer)) throw badRequest(ASSESSMENT_MESSAGES.unknownOption);
      return;
    case "multiple":
      if (!Array.isArray(answer)) throw badRequest(ASSESSMENT_MESSAGES.wrongAnswerType);
      if (!answer.every((id) => isOptionOf(question, id))) throw badRequest(ASSESSMENT_MESSAGES.unknownOption);
      if (new Set(answer).size !== answer.length) throw badRequest(ASSESSMENT_MESSAGES.duplicateAnswer);
      return;
    case "truefalse":
      if (typeof answer !== "boolean") throw badRequest(ASSESSMENT_MESSAGES.wrongAnswerType);
      return;
    case "numeric":
      if (typeof answer !== "number" || !Number.isFinite(answer)) throw badRequest(ASSESSMENT_MESSAGES.wrongAnswerType);
  }
}

function isRight(question: AuthoredQuestion, answer: AnswerValue): boolean {
  switch (question.type) {
    case "single":
      return Number(answer) === question.answer;
    case "multiple": {
      const given = new Set((answer as string[]).map(Number));
      return given.size === question.answers.length && question.answers.every((a) => given.has(a));
    }
    case "truefalse":
      return answer === question.answer;
    case "numeric":
      // A hair of slack for binary floating point (0.1 + 0.2), never more than the author allowed.
      return Math.abs((answer as number) - question.answer) <= question.tolerance + 1e-9 * Math.max(1, Math.abs(question.answer));
  }
}

export type Graded = { correct: number; total: number; score: number; passed: boolean; results: QuestionResult[]; answers: Record<string, AnswerValue> };

/**
 * Checks every answer first (an answer for a question not in the attempt, a question answered
 * twice, an answer of the wrong type or naming an unknown option: 400, nothing graded), then
 * grades. Unanswered questions count as wrong.
 */
export function grade(shown: readonly ShownQuestion[], input: SubmitAttemptInput, passMark: number): Graded {
  const byId = new Map(shown.map((s) => [s.question.id, s.question]));
  const answers: Record<string, AnswerValue> = {};
  for (const { questionId, answer } of input.answers) {
    const question = byId.get(questionId);
    if (!question) throw badRequest(ASSESSMENT_MESSAGES.unknownQuestion);
    if (Object.hasOwn(answers, questionId)) throw badRequest(ASSESSMENT_MESSAGES.duplicateAnswer);
    checkAnswer(question, answer);
    answers[questionId] = answer;
  }
  const results = shown.map(({ question }): QuestionResult => {
    const given = Object.hasOwn(answers, question.id) ? (answers[question.id] as AnswerValue) : null;
    return {
      questionId: question.id,
      correct: given !== null && isRight(question, given),
      given,
      rightAnswer: rightAnswerOf(question),
      tolerance: question.type === "numeric" ? question.tolerance : null,
      explanation: question.explanation,
    };
  });
  const correct = results.filter((r) => r.correct).length;
  const total = shown.length;
  const score = total === 0 ? 0 : Math.round((correct / total) * 100);
  return { correct, total, score, passed: score >= passMark, results, answers };
}
