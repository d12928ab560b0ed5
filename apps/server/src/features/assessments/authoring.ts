import { ASSESSMENT_MESSAGES, type AssessmentReport, type AuthoredAssessment, type QuestionResult, type ReviewPolicy } from "@vestin/shared/assessments";
import type { Database } from "../../db/database.ts";
import { notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import { learningLookups } from "../learning/index.ts";
import { assessmentRepository as repo, questionsOf, type AssessmentRow } from "./repository.ts";

function toAuthored(row: AssessmentRow): AuthoredAssessment {
  return {
    passMark: row.pass_mark,
    maxAttempts: row.max_attempts,
    timeLimitMinutes: row.time_limit_minutes,
    questionsPerAttempt: row.questions_per_attempt,
    reviewPolicy: row.review_policy as ReviewPolicy,
    questions: questionsOf(row),
  };
}

/** The authors' side: an assessment as authored, saving and removing it, and its report. */
export function createAuthoringService({ database }: { database: Database }) {
  const { db } = database;
  const { anyCourse } = learningLookups(db);
  return {
    async authored(courseId: string): Promise<{ assessment: AuthoredAssessment | null; updatedAt: string | null }> {
      const course = await anyCourse(courseId);
      const row = await repo.assessmentOf(db, course.id);
      return { assessment: row ? toAuthored(row) : null, updatedAt: row?.updated_at ?? null };
    },

    /**
     * Saves an author's assessment (validated by the route; the admin audit hook logs the write).
     * Attempts under way keep their own copy of the questions.
     */
    async save(courseId: string, input: AuthoredAssessment) {
      const course = await anyCourse(courseId);
      const row = await repo.saveAssessment(db, {
        course_id: course.id,
        pass_mark: input.passMark,
        max_attempts: input.maxAttempts,
        time_limit_minutes: input.timeLimitMinutes,
        questions_per_attempt: input.questionsPerAttempt,
        review_policy: input.reviewPolicy,
        questions: JSON.stringify(input.questions),
        updated_at: nowIso(),
      });
      return { assessment: toAuthored(row), updatedAt: row.updated_at };
    },

    async remove(courseId: string): Promise<void> {
      const course = await anyCourse(courseId);
      const deleted = await repo.deleteAssessment(db, course.id);
      if (Number(deleted.numDeletedRows) === 0) throw notFound(ASSESSMENT_MESSAGES.notFound);
    },

    /** Attempts, pass rate, average score and each current question's share of right answers. */
    async report(courseId: string): Promise<AssessmentReport> {
      const course = await anyCourse(courseId);
      const assessment = await repo.assessmentOf(db, course.id);
      if (!assessment) throw notFound(ASSESSMENT_MESSAGES.notFound);
      const attempts = await repo.submittedAttempts(db, course.id);
      const tally = new Map<string, { answered: number; right: number; seen: number }>();
      for (const attempt of attempts) {
        for (const r of JSON.parse(attempt.results ?? "[]") as QuestionResult[]) {
          const t = tally.get(r.questionId) ?? { answered: 0, right: 0, seen: 0 };
          t.seen += 1;
          if (r.given !== null) t.answered += 1;
          if (r.correct) t.right += 1;
          tally.set(r.questionId, t);
        }
      }
      const passed = attempts.filter((a) => a.passed === 1).length;
      const round1 = (n: number) => Math.round(n * 10) / 10;
      return {
        courseId: course.id,
        attempts: attempts.length,
        learners: new Set(attempts.map((a) => a.user_id)).size,
        passed,
        passRate: attempts.length ? round1((passed / attempts.length) * 1000) / 1000 : 0,
        averageScore: attempts.length ? round1(attempts.reduce((sum, a) => sum + (a.score ?? 0), 0) / attempts.length) : 0,
        questions: questionsOf(assessment).map((q) => {
          const t = tally.get(q.id);
          return {
            id: q.id,
            prompt: q.prompt,
            type: q.type,
            asked: t?.seen ?? 0,
            answered: t?.answered ?? 0,
            right: t?.right ?? 0,
            share: t && t.seen > 0 ? Math.round((t.right / t.seen) * 1000) / 1000 : null,
          };
        }),
      };
    },
  };
}
