import { describe, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES, type AuthoredQuestion } from "@vestin/shared/assessments";
import { drawQuestions, grade, rightAnswerOf, toAttemptQuestion } from "./grading.ts";

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
    const [question] = drawQuestions([single], 1);
    const view = toAttemptQuestion(question!);
    expect(view.options.map((o) => o.text).sort()).toEqual(["a", "b", "c", "d"]);
    expect(Object.keys(view).sort()).toEqual(["id", "options", "prompt", "type", "unit"]);
    expect(rightAnswerOf(single)).toBe("2");
  });

  it("draws evenly across lessons, a different set or option order from one attempt to the next", () => {
    // Ten lessons with three questions each, four options per question; an attempt of ten.
    const bank: AuthoredQuestion[] = Array.from({ length: 30 }, (_, i) => ({ ...single, id: `q${i}`, lesson: (i % 10) + 1 }) as AuthoredQuestion);
    const draws = Array.from({ length: 20 }, () => drawQuestions(bank, 10));
    for (const draw of draws) {
      expect(draw).toHaveLength(10);
      expect(new Set(draw.map((s) => s.question.lesson)).size, "one question from each lesson").toBe(10);
      expect(new Set(draw.map((s) => s.question.id)).size).toBe(10);
      for (const s of draw) expect([...s.optionOrder].sort()).toEqual([0, 1, 2, 3]);
    }
    // 3^10 question sets times 24^10 option orders: twenty identical draws would be a broken shuffle.
    const signatures = new Set(
      draws.map((d) =>
        d
          .map((s) => `${s.question.id}:${s.optionOrder.join("")}`)
          .sort()
          .join(","),
      ),
    );
    expect(signatures.size).toBeGreaterThan(15);
    // A question is left out of one draw with probability 2/3: over twenty draws some question of
    // thirty stays unasked about once in a hundred runs, over sixty about once in a billion.
    const more = [...draws, ...Array.from({ length: 40 }, () => drawQuestions(bank, 10))];
    const asked = new Set(more.flatMap((d) => d.map((s) => s.question.id)));
    expect(asked.size, "every question of the bank gets asked over sixty draws").toBe(30);
  });

  it("spreads a draw smaller than the lesson count over distinct lessons, and never asks more than the bank holds", () => {
    const bank: AuthoredQuestion[] = Array.from({ length: 12 }, (_, i) => ({ ...single, id: `q${i}`, lesson: (i % 6) + 1 }) as AuthoredQuestion);
    const draw = drawQuestions(bank, 4);
    expect(new Set(draw.map((s) => s.question.lesson)).size).toBe(4);
    expect(drawQuestions(bank, 50)).toHaveLength(12);
  });
});
