import { describe, expect, it } from "vitest";
import type { Lesson } from "@vestin/shared/learning";
import { previousLesson } from "./lesson-steps";

const lesson = (lessonNumber: number, isCompleted = false) => ({ _id: `l${lessonNumber}`, lessonNumber, isCompleted }) as Lesson;

describe("previousLesson", () => {
  it("is the lesson before when nothing is completed, and none on the first lesson", () => {
    const lessons = [1, 2, 3, 4].map((n) => lesson(n));
    expect(previousLesson(lessons, { lessonNumber: 3 })?._id).toBe("l2");
    expect(previousLesson(lessons, { lessonNumber: 1 })).toBeUndefined();
  });

  it("skips completed lessons to the nearest lower one not completed, in any order given", () => {
    const lessons = [lesson(3, true), lesson(1), lesson(4), lesson(2, true)];
    expect(previousLesson(lessons, { lessonNumber: 4 })?._id).toBe("l1");
    expect(previousLesson(lessons, { lessonNumber: 2 })?._id).toBe("l1");
  });

  it("is none when every lower lesson is completed", () => {
    const lessons = [lesson(1, true), lesson(2, true), lesson(3, true), lesson(4)];
    expect(previousLesson(lessons, { lessonNumber: 4 })).toBeUndefined();
    expect(previousLesson(lessons, { lessonNumber: 3 })).toBeUndefined();
  });
});
