import type { AnswerValue, AttemptQuestion } from "@vestin/shared/assessments";

/**
 * A learner's answers while they work, by question id: the chosen option id (single), the chosen
 * option ids (multiple), true or false (truefalse), or the typed text (numeric, parsed on submit so
 * the input keeps exactly what was typed).
 */
export type DraftAnswers = Record<string, string | string[] | boolean>;

type QuestionShape = Pick<AttemptQuestion, "id" | "type" | "unit">;

/**
 * Reads a typed number the way people write it: "4.4", "4,4", "1,234.5", "1.234,5", "1 234,5",
 * "-2", with or without the question's unit ("$77.60", "4.4 %"). Returns null for anything else.
 */
export function parseDecimal(raw: string, unit?: string | null): number | null {
  let text = raw.trim().replace(/[\s\u00a0\u202f']/g, "");
  if (unit) {
    const u = unit.replace(/\s/g, "");
    if (u && text.startsWith(u)) text = text.slice(u.length);
    else if (u && text.endsWith(u)) text = text.slice(0, -u.length);
    // "-$5" and "$-5"
    if (u && text.startsWith(`-${u}`)) text = `-${text.slice(u.length + 1)}`;
  }
  text = text.replace(/^\+/, "").replace(/^−/, "-");
  if (!/^-?[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastComma = text.lastIndexOf(",");
  const lastPoint = text.lastIndexOf(".");
  if (lastComma >= 0 && lastPoint >= 0) {
    // Both: the later one is the decimal separator, the other groups thousands.
    const decimal = lastComma > lastPoint ? "," : ".";
    const group = decimal === "," ? "." : ",";
    const [whole = "", fraction = ""] = splitOnce(text, decimal, true);
    if (fraction.includes(group) || !validGrouping(whole, group)) return null;
    text = `${whole.split(group).join("")}.${fraction}`;
  } else if (lastComma >= 0) {
    const commas = text.split(",").length - 1;
    if (commas === 1) text = text.replace(",", ".");
    else if (validGrouping(text, ",")) text = text.split(",").join("");
    else return null;
  } else if (lastPoint >= 0) {
    const points = text.split(".").length - 1;
    if (points > 1) {
      if (!validGrouping(text, ".")) return null;
      text = text.split(".").join("");
    }
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function splitOnce(text: string, separator: string, last: boolean): [string, string] {
  const at = last ? text.lastIndexOf(separator) : text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** "1,234,567": groups of three after the first group of one to three digits. */
function validGrouping(text: string, group: string): boolean {
  const digits = text.replace(/^-/, "");
  const parts = digits.split(group);
  return parts.length > 1 && /^\d{1,3}$/.test(parts[0] ?? "") && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}

/** The value sent to the server for one question, or undefined while it is unanswered (or unreadable). */
export function answerValue(question: QuestionShape, value: DraftAnswers[string] | undefined): AnswerValue | undefined {
  if (value === undefined) return undefined;
  switch (question.type) {
    case "single":
      return typeof value === "string" && value !== "" ? value : undefined;
    case "multiple":
      return Array.isArray(value) && value.length > 0 ? value : undefined;
    case "truefalse":
      return typeof value === "boolean" ? value : undefined;
    case "numeric":
      return typeof value === "string" ? (parseDecimal(value, question.unit) ?? undefined) : undefined;
  }
}

export function isAnswered(question: QuestionShape, value: DraftAnswers[string] | undefined): boolean {
  return answerValue(question, value) !== undefined;
}

/** Typed text that is not empty but cannot be read as a number. */
export function isUnreadableNumber(question: QuestionShape, value: DraftAnswers[string] | undefined): boolean {
  return question.type === "numeric" && typeof value === "string" && value.trim() !== "" && parseDecimal(value, question.unit) === null;
}

export function countAnswered(questions: QuestionShape[], draft: DraftAnswers): number {
  return questions.filter((q) => isAnswered(q, draft[q.id])).length;
}

/** The submit body's answers: every answered question, in the order shown; unanswered ones are left out. */
export function submission(questions: QuestionShape[], draft: DraftAnswers): Array<{ questionId: string; answer: AnswerValue }> {
  const answers: Array<{ questionId: string; answer: AnswerValue }> = [];
  for (const q of questions) {
    const answer = answerValue(q, draft[q.id]);
    if (answer !== undefined) answers.push({ questionId: q.id, answer });
  }
  return answers;
}

/** Toggles one option of a multiple-choice answer, keeping the options' order as shown. */
export function toggleOption(current: DraftAnswers[string] | undefined, optionId: string, checked: boolean, order: string[]): string[] {
  const chosen = new Set(Array.isArray(current) ? current : []);
  if (checked) chosen.add(optionId);
  else chosen.delete(optionId);
  return order.filter((id) => chosen.has(id));
}
