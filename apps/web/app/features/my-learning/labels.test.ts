import { describe, expect, it } from "vitest";
import { completedNext, progressLabel, resumeLabel, scoreLabel } from "./labels";

describe("My learning labels", () => {
  it("names the lesson to resume by its number and title", () => {
    expect(resumeLabel({ lessonNumber: 3, title: "How a Tokenized Property Is Valued" })).toBe("Resume: Lesson 3 · How a Tokenized Property Is Valued");
  });

  it("writes progress as lessons done of all, then the percentage", () => {
    expect(progressLabel({ completedLessons: 3, totalLessons: 9, progressPercentage: 33 })).toBe("3/9 lessons · 33%");
    expect(progressLabel({ completedLessons: 0, totalLessons: 10, progressPercentage: 0 })).toBe("0/10 lessons · 0%");
  });

  it("shows a score only for a certificate earned with an assessment", () => {
    expect(scoreLabel(92)).toBe("Score 92 %");
    expect(scoreLabel(null)).toBeNull();
  });

  it("offers the certificate first, then the final assessment when it is not passed yet", () => {
    const certificate = { code: "VST-ABCD-1234", issuedAt: "2026-03-01T10:00:00.000Z", score: 90 };
    expect(completedNext({ certificate, assessmentPassed: true })).toEqual({ kind: "certificate", ...certificate });
    expect(completedNext({ certificate: null, assessmentPassed: false })).toEqual({ kind: "assessment" });
    expect(completedNext({ certificate: null, assessmentPassed: true })).toEqual({ kind: "passed" });
    expect(completedNext({ certificate: null, assessmentPassed: null })).toEqual({ kind: "done" });
  });
});
