import type { User } from "@vestin/shared/accounts";
import {
  ASSESSMENT_DEFAULTS,
  ASSESSMENT_MESSAGES,
  attemptLimitMessage,
  mayShowKey,
  REVIEW_POLICIES,
  type AssessmentStatus,
  type Attempt,
  type AttemptSummary,
  type QuestionResult,
  type ReviewPolicy,
  type SubmitAttemptInput,
} from "@vestin/shared/assessments";
import type { Database } from "../../db/database.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { coalescedApart, type Outcome } from "../../lib/coalesced.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { issueCertificateIfEarned, learningLookups, type LearningEvent } from "../learning/index.ts";
import { createAuthoringService } from "./authoring.ts";
import { drawQuestions, grade, toAttemptQuestion } from "./grading.ts";
import { createPlacementService } from "./placement-service.ts";
import { assessmentRepository as repo, questionsOf, shownOf, type AssessmentRow, type AttemptRow } from "./repository.ts";
import { reviewQuestions, type LessonRef } from "./review.ts";
import { assessmentStandings } from "./standing.ts";

const HOUR = 3_600_000;
/** A submission that left the browser just before the end of a timed attempt still counts. */
const SUBMIT_GRACE_MS = 30_000;

function statusOf(row: AttemptRow, now: number): Attempt["status"] {
  if (row.submitted_at) return "submitted";
  return Date.parse(row.expires_at) + SUBMIT_GRACE_MS < now ? "expired" : "open";
}

/** A stored policy, read safely: the default without an assessment, the strictest one for anything unknown. */
const policyOf = (stored: string | null | undefined): ReviewPolicy =>
  stored == null ? ASSESSMENT_DEFAULTS.reviewPolicy : (REVIEW_POLICIES as readonly string[]).includes(stored) ? (stored as ReviewPolicy) : "never";

/** What decides how much of a graded attempt its learner may see. */
type ReviewContext = { policy: ReviewPolicy; keyShown: boolean; lessons: Map<number, LessonRef> };

function toAttempt(row: AttemptRow, certificateCode: string | null, review: ReviewContext): Attempt {
  const status = statusOf(row, Date.now());
  const shown = shownOf(row);
  const stored = status === "submitted" && row.results ? (JSON.parse(row.results) as QuestionResult[]) : null;
  return {
    id: row.id,
    courseId: row.course_id,
    status,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    submittedAt: row.submitted_at,
    timeLimitMinutes: row.time_limit_minutes,
    questions: shown.map(toAttemptQuestion),
    result: stored
      ? {
          score: row.score ?? 0,
          correct: row.correct ?? 0,
          total: row.total,
          passMark: row.pass_mark,
          passed: row.passed === 1,
          keyShown: review.keyShown,
          reviewPolicy: review.policy,
          questions: reviewQuestions(shown, stored, review.lessons, review.keyShown),
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

/** Questions in one attempt: the author's number, or the whole bank when it is smaller. */
const perAttempt = (assessment: AssessmentRow) => Math.min(assessment.questions_per_attempt, questionsOf(assessment).length);

/** Course assessments: a learner's standing, attempts and grading; with the placement quiz and the authors' side. */
type PassedListener = (event: LearningEvent, trx: Kysely<DB>) => Promise<void>;

export function createAssessmentService({ database, onPassed }: { database: Database; onPassed?: PassedListener }) {
  const attempts = createAttemptService({ database, onPassed });
  const placement = createPlacementService({ database, onPassed });
  const authoring = createAuthoringService({ database });
  return {
    status: attempts.status,
    start: attempts.start,
    attempt: attempts.attempt,
    submit: attempts.submit,
    placementQuiz: placement.placementQuiz,
    submitPlacement: placement.submitPlacement,
    myPlacement: placement.myPlacement,
    authored: authoring.authored,
    save: authoring.save,
    remove: authoring.remove,
    report: authoring.report,
  };
}

function createAttemptService({ database, onPassed }: { database: Database; onPassed?: PassedListener | undefined }) {
  const { db } = database;
  const learning = learningLookups(db);

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

  /** A learner's attempts at a course, each with the course's review settings (attemptsBeside). */
  type AttemptsBeside = Awaited<ReturnType<typeof repo.attemptsBeside>>[number];

  /** Attempt `id` among its learner's attempts at its course: a 404 when it is not this learner's. */
  async function ownAttempt(conn: Parameters<typeof repo.attemptsBeside>[0], id: string, userId: string) {
    const [attempts = []] = await repo.attemptsBeside(conn, [{ id, userId }]);
    const row = attempts.find((a) => a.id === id);
    if (!row) throw notFound(ASSESSMENT_MESSAGES.attemptNotFound);
    return { row, attempts };
  }

  /**
   * How much of a learner's graded attempts the course's review policy lets them see now: the
   * key once they have passed or (by default) used every attempt of the window. Worked out from
   * their attempts at the course as attemptsBeside reads them; the course's lessons are read.
   */
  async function reviewContext(conn: Parameters<typeof repo.attemptsBeside>[0], attempts: AttemptsBeside, courseId: string): Promise<ReviewContext> {
    return reviewOf(attempts, await learningLookups(conn).lessonOutlines([courseId]));
  }

  /** reviewContext with the course's lessons read already. */
  function reviewOf(attempts: AttemptsBeside, lessons: readonly { lesson_number: number; slug: string; title: string }[]): ReviewContext {
    // Every row carries the course's settings: none when the course has no assessment.
    const settings = attempts[0];
    const policy = policyOf(settings?.assessment_review_policy);
    const window = windowOf(attempts, settings?.assessment_max_attempts ?? ASSESSMENT_DEFAULTS.maxAttempts, Date.now());
    const passed = attempts.some((a) => a.passed === 1);
    return {
      policy,
      keyShown: mayShowKey(policy, { passed, attemptsLeft: window.left }),
      lessons: new Map(lessons.map((l) => [l.lesson_number, { slug: l.slug, number: l.lesson_number, title: l.title }])),
    };
  }
  /** An attempt still open has no result to review. */
  const unreviewed = (assessment: AssessmentRow): ReviewContext => ({ policy: policyOf(assessment.review_policy), keyShown: false, lessons: new Map() });

  type SubmitAsk = { id: string; user: User; input: SubmitAttemptInput };
  type SubmitOutcome = Outcome<Attempt>;

  /**
   * The submissions of distinct learners in one transaction: their attempts read by one statement,
   * their gradings recorded by another (on PostgreSQL), the certificates of the failed ones and the
   * courses' lessons by one read each; for each the answer it alone earned: 404 for an attempt not
   * theirs, 409 for one submitted or expired, 400 for answers that do not fit. Each pass's
   * certificate and event are stored in the same transaction, so all are committed before any is
   * answered.
   */
  async function submitInOneTransaction(asks: SubmitAsk[]): Promise<SubmitOutcome[]> {
    return db.transaction().execute(async (trx) => {
      const besides = await repo.attemptsBeside(
        trx,
        asks.map((ask) => ({ id: ask.id, userId: ask.user._id })),
      );
      // Every ask gets its outcome below: a refusal here, or what its grading did.
      const outcomes: SubmitOutcome[] = new Array(asks.length);
      const now = Date.now();
      const submittedAt = nowIso();
      const open = asks.flatMap((ask, i) => {
        const attempts = besides[i] ?? [];
        const row = attempts.find((a) => a.id === ask.id);
        const status = row && statusOf(row, now);
        if (!row) outcomes[i] = { error: notFound(ASSESSMENT_MESSAGES.attemptNotFound) };
        else if (status === "submitted") outcomes[i] = { error: conflict(ASSESSMENT_MESSAGES.alreadySubmitted) };
        else if (status === "expired") outcomes[i] = { error: conflict(ASSESSMENT_MESSAGES.expired) };
        else {
          try {
            return [{ i, ask, row, attempts, graded: grade(shownOf(row), ask.input, row.pass_mark) }];
          } catch (error) {
            outcomes[i] = { error };
          }
        }
        return [];
      });
      if (open.length === 0) return outcomes;
      const recorded = await repo.recordGradings(
        trx,
        open.map(({ row, graded }) => ({
          id: row.id,
          submitted_at: submittedAt,
          score: graded.score,
          correct: graded.correct,
          passed: graded.passed ? 1 : 0,
          answers: JSON.stringify(graded.answers),
          results: JSON.stringify(graded.results),
        })),
      );
      const lookups = learningLookups(trx);
      const failed = open.filter(({ row, graded }) => recorded.has(row.id) && !graded.passed);
      const codes = await lookups.certificateCodes(failed.map(({ ask, row }) => ({ userId: ask.user._id, courseId: row.course_id })));
      const codeOf = new Map(failed.map(({ row }, k) => [row.id, codes[k] ?? null]));
      const lessons = await lookups.lessonOutlines(open.filter(({ row }) => recorded.has(row.id)).map(({ row }) => row.course_id));
      for (const { i, ask, row, attempts, graded } of open) {
        if (!recorded.has(row.id)) {
          outcomes[i] = { error: conflict(ASSESSMENT_MESSAGES.alreadySubmitted) };
          continue;
        }
        const { user } = ask;
        // A pass earns the certificate when every lesson is done (learning decides, and issues it here, in this transaction).
        const certificate = graded.passed
          ? await issueCertificateIfEarned(trx, user, row.course_id, await assessmentStandings.of(trx, user._id, row.course_id), submittedAt)
          : (codeOf.get(row.id) ?? null);
        if (graded.passed) await onPassed?.({ type: "assessment_passed", userId: user._id, courseId: row.course_id, attemptId: row.id, at: submittedAt }, trx);
        const updated = {
          ...row,
          submitted_at: submittedAt,
          score: graded.score,
          correct: graded.correct,
          passed: graded.passed ? 1 : 0,
          results: JSON.stringify(graded.results),
        };
        const review = reviewOf(
          attempts.map((a) => (a.id === row.id ? updated : a)),
          lessons.filter((l) => l.course_id === row.course_id),
        );
        outcomes[i] = { value: toAttempt(updated, certificate, review) };
      }
      return outcomes;
    });
  }

  /**
   * The submissions asked for until the event loop's next turn, graded together: one per learner
   * in a transaction (a learner's second submission of the moment goes to the next one, after the
   * first's commit); when that transaction fails, each of its submissions is tried again in one of
   * its own.
   */
  const submitTogether = coalescedApart(submitInOneTransaction, (ask) => ask.user._id);

  return {
    /** The rules for everyone; the learner's standing when signed in. */
    async status(idOrSlug: string, user: User | null): Promise<AssessmentStatus> {
      const course = await learning.publishedCourse(idOrSlug);
      const assessment = await assessmentOf(course);
      const base = {
        courseId: course.id,
        questionCount: perAttempt(assessment),
        passMark: assessment.pass_mark,
        reviewPolicy: policyOf(assessment.review_policy),
        maxAttempts: assessment.max_attempts,
        attemptWindowHours: ASSESSMENT_DEFAULTS.attemptWindowHours,
        timeLimitMinutes: assessment.time_limit_minutes,
      };
      if (!user) return { ...base, learner: null };
      const now = Date.now();
      const [enrolled, lessons, attempts, certificateCode] = await Promise.all([
        learning.isEnrolled(user._id, course.id),
        learning.courseCompletion(user._id, course.id),
        repo.attemptsOf(db, user._id, course.id),
        learning.certificateCode(user._id, course.id),
      ]);
      const window = windowOf(attempts, assessment.max_attempts, now);
      const open = attempts.find((a) => statusOf(a, now) === "open");
      const scores = attempts.flatMap((a) => (a.submitted_at && a.score !== null ? [a.score] : []));
      return {
        ...base,
        learner: {
          enrolled,
          unlocked: enrolled && lessons.complete,
          lessonsRemaining: Math.max(0, lessons.total - lessons.done),
          attemptsUsed: window.used,
          attemptsLeft: window.left,
          nextAttemptAt: window.nextAt?.toISOString() ?? null,
          passed: attempts.some((a) => a.passed === 1),
          bestScore: scores.length > 0 ? Math.max(...scores) : null,
          openAttempt: open ? { id: open.id, expiresAt: open.expires_at } : null,
          attempts: attempts.map((a) => toSummary(a, now)),
          certificateCode,
        },
      };
    },

    /**
     * Starts an attempt, or gives back the one still open (201 / 200). Enrolled learners who have
     * done every lesson only, within the attempt limit (429 with Retry-After when it is reached).
     */
    async start(idOrSlug: string, user: User): Promise<{ attempt: Attempt; created: boolean }> {
      const course = await learning.publishedCourse(idOrSlug);
      const assessment = await assessmentOf(course);
      return db.transaction().execute(async (trx) => {
        const inTransaction = learningLookups(trx);
        // Two starts at once cannot both see room under the attempt limit: the second waits for the first.
        if (!(await inTransaction.lockEnrolment(user._id, course.id))) throw forbidden(ASSESSMENT_MESSAGES.notEnrolled);
        if (!(await inTransaction.courseCompletion(user._id, course.id)).complete) throw forbidden(ASSESSMENT_MESSAGES.locked);
        const now = Date.now();
        const attempts = await repo.attemptsOf(trx, user._id, course.id);
        const open = attempts.find((a) => statusOf(a, now) === "open");
        const certificate = await inTransaction.certificateCode(user._id, course.id);
        if (open) return { attempt: toAttempt(open, certificate, unreviewed(assessment)), created: false };
        const window = windowOf(attempts, assessment.max_attempts, now);
        if (window.left === 0) {
          const wait = Math.max(1, Math.ceil(((window.nextAt?.getTime() ?? now) - now) / 1000));
          throw new AppError(429, attemptLimitMessage(assessment.max_attempts, ASSESSMENT_DEFAULTS.attemptWindowHours), undefined, {
            "retry-after": String(wait),
          });
        }
        const shown = drawQuestions(questionsOf(assessment), perAttempt(assessment));
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
        return { attempt: toAttempt(row, certificate, unreviewed(assessment)), created: true };
      });
    },

    /** One of the learner's own attempts (anyone else's is a 404: its id says nothing). */
    async attempt(id: string, user: User): Promise<Attempt> {
      const { row, attempts } = await ownAttempt(db, id, user._id);
      const certificate = await learning.certificateCode(user._id, row.course_id);
      return toAttempt(row, certificate, await reviewContext(db, attempts, row.course_id));
    },

    /**
     * Grades an attempt in the transaction that records it: answers are checked first (400,
     * nothing stored), then only one of two submissions at once is graded (the other: 409).
     * A pass with every lesson done issues the certificate in the same transaction. Submissions
     * asked for at the same moment are graded together (submitTogether).
     */
    async submit(id: string, user: User, input: SubmitAttemptInput): Promise<Attempt> {
      return submitTogether({ id, user, input });
    },
  };
}

export type AssessmentService = ReturnType<typeof createAssessmentService>;
