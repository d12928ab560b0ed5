import type { QuestionResult, ReviewedQuestion } from "@vestin/shared/assessments";
import type { ShownQuestion } from "./grading.ts";

export type LessonRef = { slug: string; number: number; title: string };

/**
 * A graded attempt's questions as the learner may review them: their own answer, whether it was
 * wrong, and the lesson to reread; the right answer and explanation only when `keyShown` (the
 * course's review policy decides). `stored` is what grading recorded, key included: it never
 * leaves the server unless `keyShown`.
 */
export function reviewQuestions(
  shown: readonly ShownQuestion[],
  stored: readonly QuestionResult[],
  lessons: ReadonlyMap<number, LessonRef>,
  keyShown: boolean,
): ReviewedQuestion[] {
  const lessonOf = new Map(shown.map(({ question }) => [question.id, question.lesson]));
  return stored.map((r) => {
    const number = lessonOf.get(r.questionId);
    return {
      questionId: r.questionId,
      outcome: r.given === null ? "unanswered" : r.correct ? "right" : "wrong",
      given: r.given,
      lesson: number === undefined ? null : (lessons.get(number) ?? null),
      solution: keyShown ? { rightAnswer: r.rightAnswer, tolerance: r.tolerance, explanation: r.explanation } : null,
    };
  });
}
