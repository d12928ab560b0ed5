import type { User } from "@vestin/shared/accounts";
import {
  ASSESSMENT_DEFAULTS,
  ASSESSMENT_MESSAGES,
  attemptLimitMessage,
  PLACEMENT_TRACKS,
  type AssessmentReport,
  type AssessmentStatus,
  type Attempt,
  type AttemptSummary,
  type AuthoredAssessment,
  type PlacementQuestion,
  type PlacementResult,
  type QuestionResult,
  type SubmitAttemptInput,
} from "@vestin/shared/assessments";
import { TRACKS } from "@vestin/shared/learning";
import type { Database } from "../../db/database.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { issueAssessmentCertificate, learningLookups } from "../learning/index.ts";
import { grade, presentQuestions, toAttemptQuestion, type ShownQuestion } from "./grading.ts";
import { assessmentRepository as repo, questionsOf, shownOf, type AssessmentRow, type AttemptRow } from "./repository.ts";
import { placementQuestions } from "./seed.ts";

const HOUR = 3_600_000;
/** A submission that left the browser just before the end of a timed attempt still counts. */
const SUBMIT_GRACE_MS = 30_000;

function statusOf(row: AttemptRow, now: number): Attempt["status"] {
  if (row.submitted_at) return "submitted";
  return Date.parse(row.expires_at) + SUBMIT_GRACE_MS < now ? "expired" : "open";
}

function toAttempt(row: AttemptRow, certificateCode: string | null): Attempt {
  const status = statusOf(row, Date.now());
  const shown = shownOf(row);
  return {
    id: row.id,
    courseId: row.course_id,
    status,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    submittedAt: row.submitted_at,
    timeLimitMinutes: row.time_limit_minutes,
    questions: shown.map(toAttemptQuestion),
    result:
      status === "submitted" && row.results
        ? {
            score: row.score ?? 0,
            correct: row.correct ?? 0,
            total: row.total,
            passMark: row.pass_mark,
            passed: row.passed === 1,
            questions: JSON.parse(row.results) as QuestionResult[],
          }
        : null,
    certificateCode,
  };
}

const toSummary = (row: AttemptRow, now: number): AttemptSummary => ({
  id: row.id,
  status: statusOf(row, now),
  score: row.score,
  passed: row.passed === 1,
  startedAt: row.started_at,
  submittedAt: row.submitted_at,
});

function toAuthored(row: AssessmentRow): AuthoredAssessment {
  return { passMark: row.pass_mark, maxAttempts: row.max_attempts, timeLimitMinutes: row.time_limit_minutes, questions: questionsOf(row) };
}

/** Course assessments, attempts and grading, the placement quiz, and the authors' side. */
export function createAssessmentService({ database }: { database: Database }) {
  const { db } = database;
  const { publishedCourse, anyCourse, isEnrolled } = learningLookups(db);

  async function assessmentOf(course: { id: string }): Promise<AssessmentRow> {
    const row = await repo.assessmentOf(db, course.id);
    if (!row) throw notFound(ASSESSMENT_MESSAGES.notFound);
    return row;
  }

  /** Attempts started within the window, and when the oldest of them leaves it. */
  function windowOf(attempts: AttemptRow[], maxAttempts: number, now: number) {
    const since = now - ASSESSMENT_DEFAULTS.attemptWindowHours * HOUR;
    const inWindow = attempts.filter((a) => Date.parse(a.started_at) > since);
    const oldest = inWindow.at(-1);
    const full = inWindow.length >= maxAttempts;
    return {
      used: inWindow.length,
      left: Math.max(0, maxAttempts - inWindow.length),
      nextAt: full && oldest ? new Date(Date.parse(oldest.started_at) + ASSESSMENT_DEFAULTS.attemptWindowHours * HOUR) : null,
    };
  }

  return {
    /** The rules for everyone; the learner's standing when signed in. */
    async status(idOrSlug: string, user: User | null): Promise<AssessmentStatus> {
      const course = await publishedCourse(idOrSlug);
      const assessment = await assessmentOf(course);
      const base = {
        courseId: course.id,
        questionCount: questionsOf(assessment).length,
        passMark: assessment.pass_mark,
        maxAttempts: assessment.max_attempts,
        attemptWindowHours: ASSESSMENT_DEFAULTS.attemptWindowHours,
        timeLimitMinutes: assessment.time_limit_minutes,
      };
      if (!user) return { ...base, learner: null };
      const now = Date.now();
      const [enrolled, lessons, attempts, certificate] = await Promise.all([
        isEnrolled(user._id, course.id),
        repo.lessonsDone(db, user._id, course.id),
        repo.attemptsOf(db, user._id, course.id),
        repo.certificateOf(db, user._id, course.id),
      ]);
      const window = windowOf(attempts, assessment.max_attempts, now);
      const open = attempts.find((a) => statusOf(a, now) === "open");
      const scores = attempts.flatMap((a) => (a.submitted_at && a.score !== null ? [a.score] : []));
      return {
        ...base,
        learner: {
          enrolled,
          unlocked: enrolled && lessons.total > 0 && lessons.done >= lessons.total,
          lessonsRemaining: Math.max(0, lessons.total - lessons.done),
          attemptsUsed: window.used,
          attemptsLeft: window.left,
          nextAttemptAt: window.nextAt?.toISOString() ?? null,
          passed: attempts.some((a) => a.passed === 1),
          bestScore: scores.length > 0 ? Math.max(...scores) : null,
          openAttempt: open ? { id: open.id, expiresAt: open.expires_at } : null,
          attempts: attempts.map((a) => toSummary(a, now)),
          certificateCode: certificate?.code ?? null,
        },
      };
    },

    /**
     * Starts an attempt, or gives back the one still open (201 / 200). Enrolled learners who have
     * done every lesson only, within the attempt limit (429 with Retry-After when it is reached).
     */
    async start(idOrSlug: string, user: User): Promise<{ attempt: Attempt; created: boolean }> {
      const course = await publishedCourse(idOrSlug);
      const assessment = await assessmentOf(course);
      return db.transaction().execute(async (trx) => {
        if (!(await repo.lockEnrolment(trx, user._id, course.id))) throw forbidden(ASSESSMENT_MESSAGES.notEnrolled);
        const lessons = await repo.lessonsDone(trx, user._id, course.id);
        if (lessons.total === 0 || lessons.done < lessons.total) throw forbidden(ASSESSMENT_MESSAGES.locked);
        const now = Date.now();
        const attempts = await repo.attemptsOf(trx, user._id, course.id);
        const open = attempts.find((a) => statusOf(a, now) === "open");
        const certificate = (await repo.certificateOf(trx, user._id, course.id))?.code ?? null;
        if (open) return { attempt: toAttempt(open, certificate), created: false };
        const window = windowOf(attempts, assessment.max_attempts, now);
        if (window.left === 0) {
          const wait = Math.max(1, Math.ceil(((window.nextAt?.getTime() ?? now) - now) / 1000));
          throw new AppError(429, attemptLimitMessage(assessment.max_attempts, ASSESSMENT_DEFAULTS.attemptWindowHours), undefined, {
            "retry-after": String(wait),
          });
        }
        const shown = presentQuestions(questionsOf(assessment));
        const minutes = assessment.time_limit_minutes ?? ASSESSMENT_DEFAULTS.openAttemptHours * 60;
        const row: AttemptRow = {
          id: newId(),
          user_id: user._id,
          course_id: course.id,
          assessment_version: assessment.version,
          questions: JSON.stringify(shown),
          pass_mark: assessment.pass_mark,
          time_limit_minutes: assessment.time_limit_minutes,
          started_at: new Date(now).toISOString(),
          expires_at: new Date(now + minutes * 60_000).toISOString(),
          submitted_at: null,
          score: null,
          correct: null,
          total: shown.length,
          passed: 0,
          answers: null,
          results: null,
        };
        await repo.insertAttempt(trx, row);
        return { attempt: toAttempt(row, certificate), created: true };
      });
    },

    /** One of the learner's own attempts (anyone else's is a 404: its id says nothing). */
    async attempt(id: string, user: User): Promise<Attempt> {
      const row = await repo.attempt(db, id);
      if (!row || row.user_id !== user._id) throw notFound(ASSESSMENT_MESSAGES.attemptNotFound);
      return toAttempt(row, (await repo.certificateOf(db, user._id, row.course_id))?.code ?? null);
    },

    /**
     * Grades an attempt in the transaction that records it: answers are checked first (400,
     * nothing stored), then only one of two submissions at once is graded (the other: 409).
     * A pass with every lesson done issues the certificate in the same transaction.
     */
    async submit(id: string, user: User, input: SubmitAttemptInput): Promise<Attempt> {
      return db.transaction().execute(async (trx) => {
        const row = await repo.attempt(trx, id);
        if (!row || row.user_id !== user._id) throw notFound(ASSESSMENT_MESSAGES.attemptNotFound);
        const status = statusOf(row, Date.now());
        if (status === "submitted") throw conflict(ASSESSMENT_MESSAGES.alreadySubmitted);
        if (status === "expired") throw conflict(ASSESSMENT_MESSAGES.expired);
        const graded = grade(shownOf(row), input, row.pass_mark);
        const submittedAt = nowIso();
        const recorded = await repo.recordGrading(trx, row.id, {
          submitted_at: submittedAt,
          score: graded.score,
          correct: graded.correct,
          passed: graded.passed ? 1 : 0,
          answers: JSON.stringify(graded.answers),
          results: JSON.stringify(graded.results),
        });
        if (!recorded) throw conflict(ASSESSMENT_MESSAGES.alreadySubmitted);
        let certificate = (await repo.certificateOf(trx, user._id, row.course_id))?.code ?? null;
        if (graded.passed && !certificate) {
          const lessons = await repo.lessonsDone(trx, user._id, row.course_id);
          if (lessons.total > 0 && lessons.done >= lessons.total) {
            certificate = await issueAssessmentCertificate(trx, {
              user,
              courseId: row.course_id,
              attemptId: row.id,
              score: graded.score,
              issuedAt: submittedAt,
              lessonCount: lessons.total,
            });
          }
        }
        const updated = {
          ...row,
          submitted_at: submittedAt,
          score: graded.score,
          correct: graded.correct,
          passed: graded.passed ? 1 : 0,
          results: JSON.stringify(graded.results),
        };
        return toAttempt(updated, certificate);
      });
    },

    /* Placement quiz ------------------------------------------------------------------------ */

    placementQuiz(): PlacementQuestion[] {
      return placementQuestions().map((q) => ({
        ...toAttemptQuestion({ question: q, optionOrder: "options" in q ? q.options.map((_, i) => i) : [] }),
        track: q.track,
      }));
    },

    /**
     * Grades the placement quiz and recommends the track with the lowest share of right answers
     * (catalogue order breaks ties; all right: Advanced Topics), with its first course. Saved for
     * a signed-in learner.
     */
    async submitPlacement(input: SubmitAttemptInput, user: User | null): Promise<PlacementResult> {
      const questions = placementQuestions();
      const shown: ShownQuestion[] = questions.map((question) => ({ question, optionOrder: [] }));
      const graded = grade(shown, input, 0);
      if (Object.keys(graded.answers).length < questions.length) throw badRequest(ASSESSMENT_MESSAGES.placementIncomplete);
      const tracks = PLACEMENT_TRACKS.map((slug) => {
        const mine = questions.filter((q) => q.track === slug);
        const correct = mine.filter((q) => graded.results.find((r) => r.questionId === q.id)?.correct).length;
        return { slug, title: TRACKS.find((t) => t.slug === slug)?.title ?? slug, correct, total: mine.length };
      });
      const weakest = tracks.reduce((a, b) => (b.correct / b.total < a.correct / a.total ? b : a));
      const allRight = tracks.every((t) => t.correct === t.total);
      const pick = allRight ? (tracks.at(-1) ?? weakest) : weakest;
      const first = await db
        .selectFrom("courses")
        .select(["id", "slug", "title"])
        .where("category", "=", pick.title)
        .where("status", "=", "published")
        .orderBy("course_order")
        .orderBy("id")
        .executeTakeFirst();
      const reason = allRight
        ? `You answered every question correctly, so the ${pick.title} track is the right challenge.`
        : `You got ${pick.correct} of ${pick.total} ${pick.title} questions right: its first course builds exactly those foundations.`;
      const result: PlacementResult = {
        recommendation: {
          trackSlug: pick.slug,
          trackTitle: pick.title,
          courseId: first?.id ?? null,
          courseSlug: first?.slug ?? null,
          courseTitle: first?.title ?? null,
          reason,
        },
        tracks,
        questions: graded.results,
        savedAt: null,
      };
      if (!user) return result;
      const savedAt = nowIso();
      const saved = { ...result, savedAt };
      await repo.savePlacement(db, user._id, JSON.stringify(saved), savedAt);
      return saved;
    },

    async myPlacement(user: User): Promise<PlacementResult | null> {
      const row = await repo.placementOf(db, user._id);
      return row ? (JSON.parse(row.result) as PlacementResult) : null;
    },

    /* Authors ------------------------------------------------------------------------------- */

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

export type AssessmentService = ReturnType<typeof createAssessmentService>;
