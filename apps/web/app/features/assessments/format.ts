import type { AnswerValue, AttemptQuestion } from "@vestin/shared/assessments";

type QuestionShape = Pick<AttemptQuestion, "type" | "options" | "unit">;

const PREFIX_UNITS = new Set(["$", "€", "£", "¥", "₹", "CHF"]);

/** A number as a learner wrote it in the question's unit: "$77.60", "4.4 %", "12 tonnes". */
export function formatNumber(value: number, unit: string | null): string {
  const decimals = (String(value).split(".")[1] ?? "").length;
  const text = value.toLocaleString("en-US", { minimumFractionDigits: unit === "$" && decimals > 0 ? 2 : 0, maximumFractionDigits: 10 });
  if (!unit) return text;
  if (PREFIX_UNITS.has(unit)) return value < 0 ? `-${unit}${text.slice(1)}` : `${unit}${text}`;
  return unit === "%" ? `${text} %` : `${text} ${unit}`;
}

/**
 * An answer in words, for the review of a graded attempt: the option texts, "True"/"False" or the
 * number; an empty list when the question was not answered.
 */
export function describeAnswer(question: QuestionShape, value: AnswerValue | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const optionText = (id: string) => question.options.find((o) => o.id === id)?.text ?? id;
  switch (question.type) {
    case "single":
      return typeof value === "string" ? [optionText(value)] : [];
    case "multiple":
      return Array.isArray(value) ? question.options.filter((o) => value.includes(o.id)).map((o) => o.text) : [];
    case "truefalse":
      return typeof value === "boolean" ? [value ? "True" : "False"] : [];
    case "numeric":
      return typeof value === "number" ? [formatNumber(value, question.unit)] : [];
  }
}

/** "within ± 0.05" for a numeric answer with a tolerance, else null. */
export function toleranceNote(tolerance: number | null, unit: string | null): string | null {
  if (!tolerance) return null;
  return `answers within ± ${formatNumber(tolerance, unit === "%" ? null : unit)}${unit === "%" ? " percentage points" : ""} count`;
}

/** "2:05:09" or "12:04" for a countdown. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The same countdown in words, for screen readers: "12 minutes left". */
export function remainingInWords(ms: number): string {
  const minutes = Math.ceil(Math.max(0, ms) / 60_000);
  if (minutes <= 1) return "Less than a minute left";
  return `${minutes} minutes left`;
}

/** A moment in the visitor's time zone (personal views render in the browser only). */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

export const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;
