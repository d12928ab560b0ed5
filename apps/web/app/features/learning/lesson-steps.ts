import type { Lesson } from "@vestin/shared/learning";

/**
 * Previous goes to the nearest lower-numbered lesson not completed; there is none (the button is
 * disabled) on the first lesson or when every lesson before this one is done.
 */
export function previousLesson(lessons: readonly Lesson[], lesson: Pick<Lesson, "lessonNumber">): Lesson | undefined {
  let previous: Lesson | undefined;
  for (const candidate of lessons) {
    if (candidate.lessonNumber >= lesson.lessonNumber || candidate.isCompleted) continue;
    if (!previous || candidate.lessonNumber > previous.lessonNumber) previous = candidate;
  }
  return previous;
}
