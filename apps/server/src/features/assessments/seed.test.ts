import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bankShortfall } from "@vestin/shared/assessments";
import { COURSES_DIR, readSeedAssessment } from "./seed.ts";

/**
 * Every seeded course's question bank is big enough for a certificate: at least twice the
 * questions an attempt draws, and at least two questions written from each of its lessons, so no
 * two attempts can ask the same set and every lesson has more than one question to draw from.
 */
describe("seeded question banks", () => {
  const courses = readdirSync(COURSES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory());

  it("every seeded course has an assessment", () => {
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) expect(readSeedAssessment(course.name), course.name).not.toBeNull();
  });

  for (const course of courses) {
    it(`${course.name}: at least twice the attempt's questions and two per lesson`, () => {
      const assessment = readSeedAssessment(course.name);
      if (!assessment) throw new Error(`${course.name} has no assessment.yaml`);
      const lessons = readdirSync(path.join(COURSES_DIR, course.name)).flatMap((file) => {
        const number = /^lesson-(\d+)\.md$/.exec(file)?.[1];
        return number ? [Number(number)] : [];
      });
      expect(lessons.length, "lesson files").toBeGreaterThan(0);
      expect(
        assessment.questions.every((q) => q.lesson !== undefined && lessons.includes(q.lesson)),
        "every question names a lesson of the course",
      ).toBe(true);
      const shortfall = bankShortfall(assessment.questions, assessment.questionsPerAttempt, lessons);
      expect(assessment.questions.length, `bank of ${assessment.questions.length} for ${assessment.questionsPerAttempt} per attempt`).toBeGreaterThanOrEqual(
        shortfall.needed,
      );
      expect(shortfall).toEqual({ poolTooSmall: false, needed: 2 * assessment.questionsPerAttempt, thinLessons: [] });
    });
  }
});
