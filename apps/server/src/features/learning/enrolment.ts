import type { User } from "@vestin/shared/accounts";
import type { MyCourse } from "@vestin/shared/me";
import { LEARNING_MESSAGES, progressPercentage, type UserProgress } from "@vestin/shared/learning";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { coalescedApart, type Outcome } from "../../lib/coalesced.ts";
import { nowIso } from "../../lib/ids.ts";
import { issueCertificateIfEarned } from "./certificates.ts";
import { certificatesRepository } from "./certificates-repository.ts";
import { isComplete } from "./completion.ts";
import type { LearningContext } from "./context.ts";
import { progressRepository } from "./progress-repository.ts";
import { updatedSinceCompletion } from "./views.ts";

/** Enrolment and progress: joining a course, completing lessons, and the learner's own courses. */
export function enrolment({ database, cache, repo, progress, assessments, publishedCourse, progressMap, onLessonCompleted }: LearningContext) {
  const certificateRows = certificatesRepository(database.db);

  type CompletionAsk = { lessonId: string; user: User };
  type Completed = UserProgress & { lessonId: string; courseId: string };
  type CompletionOutcome = Outcome<Completed>;

  /**
   * The completions of distinct learners in one transaction: their lessons found and enrolments
   * locked by one statement, their completions inserted and counted by another (on PostgreSQL),
   * and for each the answer it alone earned: 404 for a lesson not published, 403 for a learner
   * not enrolled, 409 for a lesson done before. Each one's course finished, certificate issued and
   * event stored in the same transaction, so all are committed before any is answered.
   */
  async function completeInOneTransaction(asks: CompletionAsk[]): Promise<CompletionOutcome[]> {
    return database.db.transaction().execute(async (trx) => {
      const rows = progressRepository(trx);
      const found = await rows.lockEnrolmentsOfLessons(asks.map((ask) => ({ userId: ask.user._id, lessonId: ask.lessonId })));
      // Every ask gets its outcome below: a refusal here, or what its insert did.
      const outcomes: CompletionOutcome[] = new Array(asks.length);
      const open = found.flatMap(({ lesson, enrollment }, i) => {
        if (!lesson) outcomes[i] = { error: notFound(LEARNING_MESSAGES.lessonNotFound) };
        else if (!enrollment) outcomes[i] = { error: forbidden(LEARNING_MESSAGES.mustEnroll) };
        else return [{ i, lesson, enrollment, user: (asks[i] as CompletionAsk).user }];
        return [];
      });
      if (open.length === 0) return outcomes;
      const now = nowIso();
      const counted = await rows.insertCompletionsCounted(
        open.map(({ user, lesson }) => ({ userId: user._id, lesson })),
        now,
      );
      for (const [k, { i, lesson, enrollment, user }] of open.entries()) {
        const { inserted, ...counts } = counted[k] as (typeof counted)[number];
        if (!inserted) {
          outcomes[i] = { error: conflict(LEARNING_MESSAGES.alreadyCompleted) };
          continue;
        }
        const courseId = lesson.course_id;
        if (isComplete(counts)) {
          if (!enrollment.completed_at) await rows.setCompletedAt([enrollment.id], now);
          await issueCertificateIfEarned(trx, user, courseId, await assessments.of(trx, user._id, courseId), now);
        }
        await onLessonCompleted?.({ type: "lesson_completed", userId: user._id, courseId, at: now }, trx);
        outcomes[i] = {
          value: {
            lessonId: lesson.id,
            courseId,
            completedLessons: counts.done,
            totalLessons: counts.total,
            progressPercentage: progressPercentage(counts.done, counts.total),
          },
        };
      }
      return outcomes;
    });
  }

  /**
   * The completions asked for until the event loop's next turn, stored together: one per learner
   * in a transaction (a learner's second completion of the moment goes to the next one, so it
   * counts the first and, of a course's last two lessons, finishes the course); when that
   * transaction fails, each of its completions is tried again in one of its own.
   */
  const completeTogether = coalescedApart(completeInOneTransaction, (ask) => ask.user._id);

  /** The learner's courses with progress, resume point and certificate (GET /me/learning, /me/courses/{id}). */
  async function myCourses(user: User, onlyCourseId?: string): Promise<MyCourse[]> {
    const rows = await progress.myEnrolments(user._id, onlyCourseId);
    // A few reads for all the courses (outlines without their text, the learner's completions,
    // certificates and assessment passes), not a few per course.
    const courseIds = rows.map((r) => r.id);
    const [outlines, completed, certificates, passed] = await Promise.all([
      repo.lessonOutline(courseIds),
      progress.completedLessons(user._id, courseIds),
      certificateRows.ofCourses(user._id, courseIds),
      assessments.passedIn(database.db, user._id, courseIds),
    ]);
    const certificateOf = new Map(certificates.map((c) => [c.course_id, c]));
    const courses: MyCourse[] = [];
    for (const row of rows) {
      const lessons = outlines.filter((l) => l.course_id === row.id);
      const done = lessons.filter((l) => completed.has(l.id)).length;
      const certificate = certificateOf.get(row.id);
      const last = lessons.find((l) => l.id === row.last_lesson_id);
      const undone = (l: (typeof lessons)[number]) => !completed.has(l.id);
      // The learner continues with the lesson they opened last, unless it is done: then with the
      // first lesson after it not done, else the first not done at all; the last opened (or the
      // first) once every lesson is done.
      const next =
        (last && undone(last) ? last : undefined) ??
        (last ? lessons.find((l) => Number(l.lesson_number) > Number(last.lesson_number) && undone(l)) : undefined) ??
        lessons.find(undone) ??
        last ??
        lessons[0];
      courses.push({
        courseId: row.id,
        slug: row.slug,
        title: row.title,
        category: row.category,
        difficulty: row.difficulty,
        completedLessons: done,
        totalLessons: lessons.length,
        progressPercentage: progressPercentage(done, lessons.length),
        enrolledAt: row.enrolled_at,
        lastVisitedAt: row.last_visited_at,
        resume: next
          ? {
              lessonId: next.id,
              lessonSlug: next.slug,
              lessonNumber: Number(next.lesson_number),
              title: next.title,
              visitedAt: next === last ? row.last_visited_at : null,
            }
          : null,
        certificate: certificate ? { code: certificate.code, issuedAt: certificate.issued_at, score: certificate.score ?? null } : null,
        assessmentPassed: passed.get(row.id) ?? null,
        updatedLessons: lessons.flatMap((l) => {
          const completedAt = completed.get(l.id);
          return completedAt !== undefined && updatedSinceCompletion(l.content_updated_at, completedAt)
            ? [{ lessonId: l.id, lessonSlug: l.slug, lessonNumber: Number(l.lesson_number), title: l.title, completedAt }]
            : [];
        }),
      });
    }
    return courses;
  }

  return {
    async enrollmentStatus(idOrSlug: string, user: User) {
      const row = await publishedCourse(idOrSlug);
      const enrollment = await progress.findEnrollment(user._id, row.id);
      const progressOf = await progressMap(user, [row]);
      return { isEnrolled: Boolean(enrollment), enrolledAt: enrollment?.enrolled_at ?? null, progress: progressOf.get(row.id) ?? null };
    },

    async enroll(idOrSlug: string, user: User) {
      const { course: row, enrolledAt } = await progress.enrollInPublished(user._id, idOrSlug);
      if (!row) throw notFound(LEARNING_MESSAGES.courseNotFound);
      if (!enrolledAt) throw conflict(LEARNING_MESSAGES.alreadyEnrolled);
      // The course's cached answers and the catalogue's lists (which show its enrolment count) are
      // dropped, so the course page and its catalogue card agree on the new count at once.
      cache.forget((key) => key.includes(row.id) || key.endsWith(`:${row.slug}`) || key.startsWith("json:courses:{"));
      return { courseId: row.id, enrolledAt };
    },

    /**
     * Completes a lesson once for an enrolled learner. The completion that finishes the course
     * marks the enrolment finished and issues the certificate when it is earned, in the same
     * transaction. Completions asked for at the same moment are stored together (completeTogether).
     */
    async completeLesson(id: string, user: User) {
      return completeTogether({ lessonId: id, user });
    },

    /** Records the lesson an enrolled learner opened last in its course (to resume there). */
    async recordVisit(lessonId: string, user: User): Promise<void> {
      const outcome = await progress.recordVisit(user._id, lessonId);
      if (outcome === "no lesson") throw notFound(LEARNING_MESSAGES.lessonNotFound);
      if (outcome === "not enrolled") throw forbidden(LEARNING_MESSAGES.mustEnroll);
    },

    /**
     * The learner's courses split as /me/learning shows them: in progress (last visited first) and
     * completed (isComplete: every lesson done; newest certificate or visit first).
     */
    async myLearning(user: User): Promise<{ inProgress: MyCourse[]; completed: MyCourse[] }> {
      const courses = await myCourses(user);
      const done = (c: MyCourse) => isComplete({ done: c.completedLessons, total: c.totalLessons });
      const newestFirst = (key: (c: MyCourse) => string | null) => (a: MyCourse, b: MyCourse) => (key(b) ?? "").localeCompare(key(a) ?? "");
      return {
        inProgress: courses.filter((c) => !done(c)).sort(newestFirst((c) => c.lastVisitedAt ?? c.enrolledAt)),
        completed: courses.filter(done).sort(newestFirst((c) => c.certificate?.issuedAt ?? c.lastVisitedAt ?? c.enrolledAt)),
      };
    },

    async myCourse(idOrSlug: string, user: User): Promise<MyCourse> {
      const course = await publishedCourse(idOrSlug);
      const [mine] = await myCourses(user, course.id);
      if (!mine) throw notFound(LEARNING_MESSAGES.notEnrolled);
      return mine;
    },

    /** One learner's enrolments with progress and certificates (admin user view, privacy export). */
    async learnerSummary(userId: string) {
      const rows = await progress.allEnrolments(userId);
      const [counts, certificates] = await Promise.all([
        progress.progressOf(
          userId,
          rows.map((r) => r.course_id),
        ),
        certificateRows.of(userId),
      ]);
      return {
        enrollments: rows.map((r) => {
          const { done, total } = counts.get(r.course_id) ?? { done: 0, total: 0 };
          return {
            courseId: r.course_id,
            slug: r.slug,
            title: r.title,
            enrolledAt: r.enrolled_at,
            completedAt: r.completed_at,
            completedLessons: done,
            totalLessons: total,
            progressPercentage: progressPercentage(done, total),
          };
        }),
        certificates: certificates.map((c) => ({ code: c.code, courseId: c.course_id, courseTitle: c.course_title, issuedAt: c.issued_at })),
      };
    },
  };
}
