import { describe, expect, it } from "vitest";
import { countAnswered, isUnreadableNumber, parseDecimal, submission, toggleOption, type DraftAnswers } from "./answers";

describe("parseDecimal", () => {
  it("reads a decimal point or a decimal comma", () => {
    expect(parseDecimal("4.4")).toBe(4.4);
    expect(parseDecimal("4,4")).toBe(4.4);
    expect(parseDecimal(" 77,60 ")).toBe(77.6);
    expect(parseDecimal(".5")).toBe(0.5);
    expect(parseDecimal("-2")).toBe(-2);
    expect(parseDecimal("−2,5")).toBe(-2.5);
  });

  it("reads thousands separators in either convention", () => {
    expect(parseDecimal("1,234.5")).toBe(1234.5);
    expect(parseDecimal("1.234,5")).toBe(1234.5);
    expect(parseDecimal("1 234,5")).toBe(1234.5);
    expect(parseDecimal("1,234,567")).toBe(1234567);
    expect(parseDecimal("1.234.567")).toBe(1234567);
    // One separator alone is a decimal separator, whichever it is.
    expect(parseDecimal("1,234")).toBe(1.234);
  });

  it("accepts the question's unit around the number", () => {
    expect(parseDecimal("$77.60", "$")).toBe(77.6);
    expect(parseDecimal("4,4 %", "%")).toBe(4.4);
    expect(parseDecimal("-$5", "$")).toBe(-5);
  });

  it("refuses what is not a number", () => {
    for (const text of ["", " ", "abc", "4.4.", "1,23,4", "1.2,3.4", "4,4,", "--1", "1e5", "$", "12 tonnes"]) expect(parseDecimal(text), text).toBeNull();
    expect(parseDecimal("4.4 $")).toBeNull();
  });
});

const questions = [
  { id: "a", type: "single" as const, unit: null },
  { id: "b", type: "multiple" as const, unit: null },
  { id: "c", type: "truefalse" as const, unit: null },
  { id: "d", type: "numeric" as const, unit: "%" },
];

describe("answers to submit", () => {
  it("sends each answered question in its contract shape and leaves out the rest", () => {
    const draft: DraftAnswers = { a: "opt-2", b: ["x", "z"], c: false, d: "4,4" };
    expect(submission(questions, draft)).toEqual([
      { questionId: "a", answer: "opt-2" },
      { questionId: "b", answer: ["x", "z"] },
      { questionId: "c", answer: false },
      { questionId: "d", answer: 4.4 },
    ]);
    expect(countAnswered(questions, draft)).toBe(4);
  });

  it("counts a cleared multiple choice, an empty number and an unreadable number as unanswered", () => {
    const draft: DraftAnswers = { b: [], d: "four" };
    expect(submission(questions, draft)).toEqual([]);
    expect(countAnswered(questions, draft)).toBe(0);
    expect(isUnreadableNumber(questions[3]!, "four")).toBe(true);
    expect(isUnreadableNumber(questions[3]!, "")).toBe(false);
  });

  it("keeps a multiple choice in the order the options are shown", () => {
    const order = ["p", "q", "r", "s"];
    let value = toggleOption(undefined, "r", true, order);
    value = toggleOption(value, "p", true, order);
    expect(value).toEqual(["p", "r"]);
    expect(toggleOption(value, "r", false, order)).toEqual(["p"]);
  });
});
