import type { User } from "@vestin/shared/accounts";
import type { MyCourse } from "@vestin/shared/me";
import { LEARNING_MESSAGES, progressPercentage } from "@vestin/shared/learning";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import type { LearningContext } from "./context.ts";

/** Enrolment and progress: joining a course, completing lessons, and the learner's own courses. */
export function enrolment({ database, cache, repo, publishedCourse, publishedLesson, progressMap }: LearningContext) {
  /** The learner's courses with progress, resume point and certificate (GET /me/learning, /me/courses/{id}). */
  async function myCourses(user: User, onlyCourseId?: string): Promise<MyCourse[]> {
    let query = database.db
      .selectFrom("enrollments as e")
      .innerJoin("courses as c", "c.id", "e.course_id")
      .leftJoin("certificates as cert", (join) => join.onRef("cert.course_id", "=", "e.course_id").onRef("cert.user_id", "=", "e.user_id"))
      .leftJoin("course_assessments as a", "a.course_id", "e.course_id")
      .select([
        "c.id",
        "c.slug",
        "c.title",
        "c.category",
        "c.difficulty",
        "e.enrolled_at",
        "e.last_lesson_id",
        "e.last_visited_at",
        "cert.code as certificate_code",
        "cert.issued_at as certificate_issued_at",
        "cert.score as certificate_score",
        "a.course_id as assessment_course",
      ])
      .where("e.user_id", "=", user._id)
      .where("c.status", "=", "published");
    if (onlyCourseId) query = query.where("c.id", "=", onlyCourseId);
    const rows = await query.execute();
    const passed = new Set(
      (await database.db.selectFrom("assessment_attempts").select("course_id").where("user_id", "=", user._id).where("passed", "=", 1).execute()).map(
        (r) => r.course_id,
      ),
    );
    // Two reads for all the courses (outlines without their text, and the learner's completions),
    // not two per course.
    const courseIds = rows.map((r) => r.id);
    const outlines = courseIds.length
      ? await database.db
          .selectFrom("lessons")
          .select(["id", "course_id", "slug", "lesson_number", "title"])
          .where("course_id", "in", courseIds)
          .orderBy("lesson_number")
          .execute()
      : [];
    const completed = new Set(
      courseIds.length
        ? (
            await database.db.selectFrom("lesson_completions").select("lesson_id").where("user_id", "=", user._id).where("course_id", "in", courseIds).execute()
          ).map((r) => r.lesson_id)
        : [],
    );
    const courses: MyCourse[] = [];
    for (const row of rows) {
      const lessons = outlines.filter((l) => l.course_id === row.id);
      const done = lessons.filter((l) => completed.has(l.id)).length;
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
        certificate: row.certificate_code
          ? { code: row.certificate_code, issuedAt: row.certificate_issued_at ?? "", score: row.certificate_score ?? null }
          : null,
        assessmentPassed: row.assessment_course ? passed.has(row.id) : null,
      });
    }
    return courses;
  }

  return {
    async enrollmentStatus(idOrSlug: string, user: User) {
      const row = await publishedCourse(idOrSlug);
      const enrollment = await repo.findEnrollment(user._id, row.id);
      const progress = await progressMap(user, [row]);
      return { isEnrolled: Boolean(enrollment), enrolledAt: enrollment?.enrolled_at ?? null, progress: progress.get(row.id) ?? null };
    },

    async enroll(idOrSlug: string, user: User) {
      const row = await publishedCourse(idOrSlug);
      const enrolledAt = await repo.enroll(user._id, row.id);
      if (!enrolledAt) throw conflict(LEARNING_MESSAGES.alreadyEnrolled);
      // The course's cached answers and the catalogue's lists (which show its enrolment count) are
      // dropped, so the course page and its catalogue card agree on the new count at once.
      cache.forget((key) => key.includes(row.id) || key.endsWith(`:${row.slug}`) || key.startsWith("json:courses:{"));
      return { courseId: row.id, enrolledAt };
    },

    async completeLesson(id: string, user: User) {
      const { lesson, course } = await publishedLesson(id);
      const total = Number(course.total_lessons);
      const result = await repo.completeLesson(user._id, lesson, total);
      if (result === "not-enrolled") throw forbidden(LEARNING_MESSAGES.mustEnroll);
      if (result === "already-completed") throw conflict(LEARNING_MESSAGES.alreadyCompleted);
      return {
        lessonId: lesson.id,
        courseId: course.id,
        completedLessons: result.completed,
        totalLessons: total,
        progressPercentage: progressPercentage(result.completed, total),
      };
    },

    /** Records the lesson an enrolled learner opened last in its course (to resume there). */
    async recordVisit(lessonId: string, user: User): Promise<void> {
      const { lesson, course } = await publishedLesson(lessonId);
      const updated = await database.db
        .updateTable("enrollments")
        .set({ last_lesson_id: lesson.id, last_visited_at: nowIso() })
        .where("user_id", "=", user._id)
        .where("course_id", "=", course.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw forbidden(LEARNING_MESSAGES.mustEnroll);
    },

    myCourses,

    async myCourse(idOrSlug: string, user: User): Promise<MyCourse> {
      const course = await publishedCourse(idOrSlug);
      const [mine] = await myCourses(user, course.id);
      if (!mine) throw notFound(LEARNING_MESSAGES.notEnrolled);
      return mine;
    },

    /** One learner's enrolments with progress and certificates (admin user view, privacy export). */
    async learnerSummary(userId: string) {
      const rows = await database.db
        .selectFrom("enrollments")
        .innerJoin("courses", "courses.id", "enrollments.course_id")
        .select(["courses.id as course_id", "courses.slug", "courses.title", "courses.total_lessons", "enrollments.enrolled_at", "enrollments.completed_at"])
        .where("enrollments.user_id", "=", userId)
        .orderBy("enrollments.enrolled_at")
        .execute();
      const progress = await repo.progressOf(
        userId,
        rows.map((r) => r.course_id),
      );
      const certificates = await database.db
        .selectFrom("certificates")
        .select(["code", "course_id", "course_title", "issued_at"])
        .where("user_id", "=", userId)
        .execute();
      return {
        enrollments: rows.map((r) => {
          const completed = progress.get(r.course_id)?.completed ?? 0;
          return {
            courseId: r.course_id,
            slug: r.slug,
            title: r.title,
            enrolledAt: r.enrolled_at,
            completedAt: r.completed_at,
            completedLessons: completed,
            totalLessons: Number(r.total_lessons),
            progressPercentage: progressPercentage(completed, Number(r.total_lessons)),
          };
        }),
        certificates: certificates.map((c) => ({ code: c.code, courseId: c.course_id, courseTitle: c.course_title, issuedAt: c.issued_at })),
      };
    },
  };
}
