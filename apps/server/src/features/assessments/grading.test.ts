import { describe, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES, type AuthoredQuestion } from "@vestin/shared/assessments";
import { grade, presentQuestions, rightAnswerOf, toAttemptQuestion } from "./grading.ts";

const single: AuthoredQuestion = { id: "s", type: "single", prompt: "p", options: ["a", "b", "c", "d"], answer: 2, explanation: "e" };
const numeric: AuthoredQuestion = { id: "n", type: "numeric", prompt: "p", answer: 0.3, tolerance: 0, explanation: "e" };
const shown = (questions: AuthoredQuestion[]) =>
  questions.map((question) => ({ question, optionOrder: "options" in question ? question.options.map((_, i) => i) : [] }));

describe("grading", () => {
  it("accepts a computed decimal that binary floating point cannot hit exactly, and nothing beyond the tolerance", () => {
    expect(grade(shown([numeric]), { answers: [{ questionId: "n", answer: 0.1 + 0.2 }] }, 100).passed).toBe(true);
    expect(grade(shown([numeric]), { answers: [{ questionId: "n", answer: 0.3001 }] }, 100).passed).toBe(false);
    const tolerant: AuthoredQuestion = { ...numeric, answer: 1045, tolerance: 5 } as AuthoredQuestion;
    expect(grade(shown([tolerant]), { answers: [{ questionId: "n", answer: 1050 }] }, 100).passed).toBe(true);
    expect(grade(shown([tolerant]), { answers: [{ questionId: "n", answer: 1050.5 }] }, 100).passed).toBe(false);
  });

  it("rounds the score to a whole percentage and compares it with the pass mark", () => {
    const three = [single, { ...single, id: "t" }, { ...single, id: "u" }] as AuthoredQuestion[];
    const result = grade(
      shown(three),
      {
        answers: [
          { questionId: "s", answer: "2" },
          { questionId: "t", answer: "2" },
        ],
      },
      67,
    );
    expect(result).toMatchObject({ correct: 2, total: 3, score: 67, passed: true });
    expect(
      grade(
        shown(three),
        {
          answers: [
            { questionId: "s", answer: "2" },
            { questionId: "t", answer: "2" },
          ],
        },
        68,
      ).passed,
    ).toBe(false);
  });

  it("refuses option ids that only look like numbers", () => {
    for (const id of ["02", "2.0", " 2", "-1", "4", "1e0"]) {
      expect(() => grade(shown([single]), { answers: [{ questionId: "s", answer: id }] }, 50), id).toThrow(ASSESSMENT_MESSAGES.unknownOption);
    }
  });

  it("shows every option once, in some order, and never the answer", () => {
    const [question] = presentQuestions([single]);
    const view = toAttemptQuestion(question!);
    expect(view.options.map((o) => o.text).sort()).toEqual(["a", "b", "c", "d"]);
    expect(Object.keys(view).sort()).toEqual(["id", "options", "prompt", "type", "unit"]);
    expect(rightAnswerOf(single)).toBe("2");
  });
});
