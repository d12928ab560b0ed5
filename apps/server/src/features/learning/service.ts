import type { Kysely, Selectable } from "kysely";
import { ME_MESSAGES, type MyCourse } from "@vestin/shared/me";
import { displayName, type User } from "@vestin/shared/accounts";
import {
  LEARNING_MESSAGES,
  levelColor,
  progressPercentage,
  trackDescription,
  TRACKS,
  type Certificate,
  type Course,
  type CourseListQuery,
  type Lesson,
  type UserProgress,
} from "@vestin/shared/learning";
import { slugify } from "@vestin/shared/blog";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { CertificatesTable, DB } from "../../db/schema.ts";
import { AppError, conflict, forbidden, notFound, orConflict } from "../../lib/errors.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import { WatchedCache } from "../../lib/watched-cache.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { markdownToSafeHtml, sanitizeArticleHtml } from "../../lib/sanitize.ts";
import { certificatePdf } from "./certificate-pdf.ts";
import { issueCertificate, learningRepository, refreshCourseTotals, type CourseRow, type LessonRow } from "./repository.ts";

const jsonList = <T>(json: string): T[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

export function trackPosition(category: string): number {
  const index = TRACKS.findIndex((t) => t.title === category);
  return index === -1 ? 99 : index + 1;
}

function toCourse(row: CourseRow, progress: UserProgress | null): Course {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    difficulty: row.difficulty,
    duration: Number(row.duration_minutes),
    totalLessons: Number(row.total_lessons),
    enrollmentCount: Number(row.enrollment_count),
    levelColor: row.level_color,
    order: Number(row.course_order),
    userProgress: progress,
  };
}

function toLesson(row: LessonRow, state: { isCompleted: boolean; isCurrent: boolean }): Lesson {
  return {
    _id: row.id,
    courseId: row.course_id,
    slug: row.slug,
    lessonNumber: Number(row.lesson_number),
    title: row.title,
    description: row.description,
    content: row.content_html,
    duration: row.duration,
    isCompleted: state.isCompleted,
    isCurrent: state.isCurrent,
    learningObjectives: jsonList<string>(row.learning_objectives),
    keyTakeaways: jsonList<string>(row.key_takeaways),
    prerequisites: jsonList<string>(row.prerequisites),
    resources: jsonList<{ name: string; url?: string }>(row.resources),
    videoUrl: row.video_url,
    videoDescription: row.video_description,
  };
}

/**
 * The current lesson is the lowest-numbered one not completed; lesson 1 when the learner is not
 * enrolled or has finished the course.
 */
export function currentLessonNumber(lessons: Array<{ id: string; lesson_number: number }>, completed: ReadonlySet<string>, enrolled: boolean): number {
  const first = lessons[0]?.lesson_number ?? 1;
  if (!enrolled) return first;
  const next = lessons.find((l) => !completed.has(l.id));
  return next ? next.lesson_number : first;
}

/** The name printed on a certificate: first and last name, else the account's display name. */
export function learnerName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || displayName(user);
}

function toCertificate(row: Selectable<CertificatesTable>): Certificate {
  return {
    code: row.code,
    learnerName: row.learner_name,
    courseTitle: row.course_title,
    courseId: row.course_id,
    issuedAt: row.issued_at,
    basis: row.basis,
    score: row.score,
  };
}

export type LessonInput = {
  courseId: string;
  title: string;
  description: string;
  content?: string | undefined;
  markdown?: string | undefined;
  duration: string;
  lessonNumber?: number | undefined;
  learningObjectives: string[];
  keyTakeaways: string[];
  prerequisites: string[];
  resources: Array<{ name: string; url?: string | undefined }>;
  videoUrl: string | null;
  videoDescription: string | null;
};

export function createLearningService({ database, config, cache }: { database: Database; config: Config; cache: PublicCache }) {
  const repo = learningRepository(database.db);
  /**
   * Each learner's place in a course (enrolled, lessons done), read on every signed-in course and
   * lesson request, kept until an enrolment or completion of that learner in that course changes
   * it (whichever server writes it). Shared between requests: never mutate the Set.
   */
  const places = new WatchedCache<{ enrolled: boolean; completed: ReadonlySet<string> }>(
    database.changes,
    { enrollments: (key) => key, lesson_completions: (key) => key },
    { maxEntries: 20_000, ttlMs: 60_000 },
  );
  const NO_PLACE = { enrolled: false, completed: new Set<string>() as ReadonlySet<string> };
  const learnerPlace = (user: User | null, courseId: string) =>
    user ? places.get(`${user._id}|${courseId}`, () => repo.learnerPlace(user._id, courseId)) : Promise.resolve(NO_PLACE);

  /** A published course and its lessons: the same for every visitor for the cache's lifetime. */
  const courseAndLessons = (idOrSlug: string) =>
    cache.value(
      `course-lessons:${idOrSlug}`,
      async () => {
        const row = await publishedCourse(idOrSlug);
        return { row, lessons: await repo.lessonsOfCourse(row.id) };
      },
      ({ lessons }) => lessons.reduce((n, l) => n + l.content_html.length + 1024, 1024),
    );

  async function progressMap(user: User | null, rows: CourseRow[]) {
    const map = new Map<string, UserProgress>();
    if (!user) return map;
    const progress = await repo.progressOf(
      user._id,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const p = progress.get(row.id);
      if (!p) continue;
      const total = Number(row.total_lessons);
      map.set(row.id, { progressPercentage: progressPercentage(p.completed, total), completedLessons: p.completed, totalLessons: total });
    }
    return map;
  }

  async function publishedCourse(idOrSlug: string): Promise<CourseRow> {
    const row = await repo.findPublishedCourse(idOrSlug);
    if (!row) throw notFound(LEARNING_MESSAGES.courseNotFound);
    return row;
  }

  /** A published lesson (its course published too). */
  async function publishedLesson(id: string): Promise<{ lesson: LessonRow; course: CourseRow }> {
    const lesson = await repo.findLesson(id);
    const course = lesson ? await repo.findPublishedCourse(lesson.course_id) : undefined;
    if (!lesson || !course) throw notFound(LEARNING_MESSAGES.lessonNotFound);
    return { lesson, course };
  }

  async function lessonStates(user: User | null, course: CourseRow, lessons: LessonRow[]) {
    const { enrolled, completed } = await learnerPlace(user, course.id);
    const current = currentLessonNumber(lessons, completed, enrolled);
    return (lesson: LessonRow) => ({ isCompleted: completed.has(lesson.id), isCurrent: Number(lesson.lesson_number) === current });
  }

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
      const next = last ?? lessons.find((l) => !completed.has(l.id)) ?? lessons[0];
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
              visitedAt: last ? row.last_visited_at : null,
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
    async listCourses(query: CourseListQuery, user: User | null) {
      const { rows, total } = await repo.listCourses(query);
      const progress = await progressMap(user, rows);
      return { items: rows.map((r) => toCourse(r, progress.get(r.id) ?? null)), total, pages: Math.ceil(total / query.limit) };
    },

    async categoryAnalytics() {
      const rows = await repo.categoryAnalytics();
      return rows.map((r) => ({
        category: r.category,
        description: trackDescription(r.category),
        courseCount: Number(r.course_count),
        totalLessons: Number(r.total_lessons ?? 0),
      }));
    },

    async getCourse(idOrSlug: string, user: User | null): Promise<Course> {
      const row = await publishedCourse(idOrSlug);
      const progress = await progressMap(user, [row]);
      return toCourse(row, progress.get(row.id) ?? null);
    },

    /**
     * A course and its lessons as `user` sees them. Learners in the same place (enrolled or not,
     * the same lessons done) see the same answer, so `key` names it for the response cache and
     * `build` makes it; only the learner's own progress is read per request.
     */
    async courseLessons(idOrSlug: string, user: User | null) {
      const { row, lessons } = await courseAndLessons(idOrSlug);
      const { enrolled, completed } = await learnerPlace(user, row.id);
      const total = Number(row.total_lessons);
      const progress: UserProgress | null = enrolled
        ? { progressPercentage: progressPercentage(completed.size, total), completedLessons: completed.size, totalLessons: total }
        : null;
      const current = currentLessonNumber(lessons, completed, enrolled);
      return {
        key: `${row.id}|${enrolled ? [...completed].sort().join(",") : "-"}`,
        build: async () => ({
          course: toCourse(row, progress),
          lessons: {
            count: lessons.length,
            data: lessons.map((l) => toLesson(l, { isCompleted: completed.has(l.id), isCurrent: Number(l.lesson_number) === current })),
          },
        }),
      };
    },

    async listLessons(courseIdOrSlug: string | undefined, page: number, limit: number, user: User | null) {
      let courseId: string | undefined;
      let stateOf: ((l: LessonRow) => { isCompleted: boolean; isCurrent: boolean }) | undefined;
      if (courseIdOrSlug) {
        const course = await repo.findPublishedCourse(courseIdOrSlug);
        if (!course) return { items: [], total: 0, pages: 0 };
        courseId = course.id;
        stateOf = await lessonStates(user, course, await repo.lessonsOfCourse(course.id));
      }
      const { rows, total } = await repo.listLessons(courseId, page, limit);
      return {
        items: rows.map((l) => toLesson(l, stateOf ? stateOf(l) : { isCompleted: false, isCurrent: Number(l.lesson_number) === 1 })),
        total,
        pages: Math.ceil(total / limit),
      };
    },

    async getLesson(id: string, user: User | null): Promise<Lesson> {
      const { lesson, course } = await publishedLesson(id);
      const state = await lessonStates(user, course, await repo.lessonsOfCourse(course.id));
      return toLesson(lesson, state(lesson));
    },

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
      // The new learner sees the course with its new enrolment count at once; others within the cache's lifetime.
      cache.forget((key) => key.includes(row.id) || key.endsWith(`:${row.slug}`));
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

    /**
     * The learner's certificate of a course. A course with an assessment issues it when a pass
     * is graded (features/assessments); here it is issued for a pass made before a lesson was
     * added and completed since. A course without one issues it for completed lessons alone.
     */
    async certificate(idOrSlug: string, user: User): Promise<{ certificate: Certificate; pdf: Buffer }> {
      const course = await publishedCourse(idOrSlug);
      let row = await repo.findCertificate(user._id, course.id);
      if (!row) {
        const { enrolled, completed } = await repo.learnerPlace(user._id, course.id);
        const lessonCount = Number(course.total_lessons);
        if (!enrolled || lessonCount === 0 || completed.size < lessonCount) throw new AppError(403, LEARNING_MESSAGES.certificateNotReady);
        const hasAssessment = await database.db.selectFrom("course_assessments").select("course_id").where("course_id", "=", course.id).executeTakeFirst();
        const best = hasAssessment
          ? await database.db
              .selectFrom("assessment_attempts")
              .select(["id", "score"])
              .where("user_id", "=", user._id)
              .where("course_id", "=", course.id)
              .where("passed", "=", 1)
              .orderBy("score", "desc")
              .executeTakeFirst()
          : undefined;
        if (hasAssessment && !best) throw new AppError(403, LEARNING_MESSAGES.certificateNeedsPass);
        const enrollment = await repo.findEnrollment(user._id, course.id);
        await issueCertificate(database.db, {
          user_id: user._id,
          course_id: course.id,
          learner_name: learnerName(user),
          course_title: course.title,
          issued_at: best ? nowIso() : (enrollment?.completed_at ?? nowIso()),
          basis: best ? "assessment" : "lessons",
          score: best?.score ?? null,
          lesson_count: lessonCount,
          attempt_id: best?.id ?? null,
        });
        row = await repo.findCertificate(user._id, course.id);
      }
      if (!row) throw new AppError(500, "The certificate could not be issued.");
      const certificate = toCertificate(row);
      const pdf = await certificatePdf({ ...certificate, verifyUrl: `${config.publicUrl}/learn/certificates/${row.code}` });
      return { certificate, pdf };
    },

    async verifyCertificate(code: string): Promise<Certificate> {
      const key = code.trim().toUpperCase();
      const row = await repo.findCertificateByCode(key);
      if (!row) {
        const revoked = await database.db.selectFrom("revoked_certificates").select("code").where("code", "=", key).executeTakeFirst();
        if (revoked) throw new AppError(410, ME_MESSAGES.certificateRevoked);
        throw notFound(LEARNING_MESSAGES.certificateNotFound);
      }
      return toCertificate(row);
    },

    /** One learner's enrolments with progress and certificates (admin user view, privacy export). */
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

    /**
     * Before an account is deleted: its certificates' codes are kept without the person, so their
     * public pages say the certificate was revoked at the holder's request.
     */
    async revokeCertificatesOf(userId: string, trx: Kysely<DB> = database.db): Promise<number> {
      const rows = await trx.selectFrom("certificates").select(["code", "course_title", "issued_at"]).where("user_id", "=", userId).execute();
      const now = nowIso();
      for (const row of rows) {
        await trx
          .insertInto("revoked_certificates")
          .values({ ...row, revoked_at: now })
          .onConflict((oc) => oc.column("code").doNothing())
          .execute();
      }
      return rows.length;
    },

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

    /** Every course, drafts included, for the admin console. */
    async allCourses() {
      const rows = await database.db.selectFrom("courses").selectAll().orderBy("track_position").orderBy("course_order").orderBy("title").execute();
      return rows.map((r) => ({ ...toCourse(r, null), status: r.status }));
    },

    /** A course's lessons whatever its status, for the admin editor. */
    async lessonsForEditing(idOrSlug: string) {
      const course = await repo.findCourse(idOrSlug);
      if (!course) throw notFound(LEARNING_MESSAGES.courseNotFound);
      const lessons = await repo.lessonsOfCourse(course.id);
      return {
        course: { ...toCourse(course, null), status: course.status },
        lessons: lessons.map((l) => toLesson(l, { isCompleted: false, isCurrent: false })),
      };
    },

    // Admin writes
    async createCourse(input: {
      title: string;
      slug?: string | undefined;
      description: string;
      category: string;
      difficulty: string;
      order: number;
      status: "published" | "draft";
    }) {
      const id = newId();
      // A title with no Latin letters or digits (日本語, عربي) slugifies to "": name it by its id instead.
      const slug = input.slug ?? (slugify(input.title) || `course-${id.slice(0, 8)}`);
      if (await repo.slugTaken(slug)) throw conflict("A course with this slug already exists", { slug: "This slug is taken" });
      const now = nowIso();
      const row: CourseRow = {
        id,
        slug,
        title: input.title,
        description: input.description,
        category: input.category,
        difficulty: input.difficulty,
        duration_minutes: 0,
        total_lessons: 0,
        enrollment_count: 0,
        level_color: levelColor(input.difficulty),
        track_position: trackPosition(input.category),
        course_order: input.order,
        status: input.status,
        created_at: now,
        updated_at: now,
      };
      await orConflict(repo.insertCourse(row), () => conflict("A course with this slug already exists", { slug: "This slug is taken" }));
      return toCourse(row, null);
    },

    async updateCourse(
      idOrSlug: string,
      input: Partial<{ title: string; slug: string; description: string; category: string; difficulty: string; order: number; status: "published" | "draft" }>,
    ) {
      const current = await repo.findCourse(idOrSlug);
      if (!current) throw notFound(LEARNING_MESSAGES.courseNotFound);
      if (input.slug && (await repo.slugTaken(input.slug, current.id)))
        throw conflict("A course with this slug already exists", { slug: "This slug is taken" });
      const category = input.category ?? current.category;
      const difficulty = input.difficulty ?? current.difficulty;
      const updated = await repo.updateCourse(current.id, {
        title: input.title ?? current.title,
        slug: input.slug ?? current.slug,
        description: input.description ?? current.description,
        category,
        difficulty,
        level_color: levelColor(difficulty),
        track_position: trackPosition(category),
        course_order: input.order ?? current.course_order,
        status: input.status ?? current.status,
        updated_at: nowIso(),
      });
      if (!updated) throw notFound(LEARNING_MESSAGES.courseNotFound);
      return toCourse(updated, null);
    },

    async deleteCourse(idOrSlug: string) {
      const current = await repo.findCourse(idOrSlug);
      if (!current) throw notFound(LEARNING_MESSAGES.courseNotFound);
      await repo.deleteCourse(current.id);
    },

    async createLesson(input: LessonInput) {
      const course = await repo.findCourse(input.courseId);
      if (!course) throw notFound(LEARNING_MESSAGES.courseNotFound);
      const existing = await repo.lessonsOfCourse(course.id);
      const number = input.lessonNumber ?? (existing.at(-1)?.lesson_number ?? 0) + 1;
      if (existing.some((l) => l.lesson_number === number)) throw conflict(`Lesson ${number} already exists in this course`, { lessonNumber: "Taken" });
      const base = slugify(input.title) || `lesson-${number}`;
      let slug = base;
      for (let n = 2; existing.some((l) => l.slug === slug); n++) slug = `${base}-${n}`;
      const now = nowIso();
      const row: LessonRow = {
        id: newId(),
        course_id: course.id,
        slug,
        lesson_number: number,
        title: input.title,
        description: input.description,
        content_html: input.markdown !== undefined ? markdownToSafeHtml(input.markdown) : sanitizeArticleHtml(input.content ?? ""),
        duration: input.duration,
        learning_objectives: JSON.stringify(input.learningObjectives),
        key_takeaways: JSON.stringify(input.keyTakeaways),
        prerequisites: JSON.stringify(input.prerequisites),
        resources: JSON.stringify(input.resources),
        video_url: input.videoUrl,
        video_description: input.videoDescription,
        created_at: now,
        updated_at: now,
      };
      await orConflict(repo.insertLesson(row), () => conflict(`Lesson ${number} already exists in this course`, { lessonNumber: "Taken" }));
      await refreshCourseTotals(database.db, course.id);
      return toLesson(row, { isCompleted: false, isCurrent: number === 1 });
    },

    async updateLesson(id: string, input: Partial<Omit<LessonInput, "courseId">>) {
      const current = await repo.findLesson(id);
      if (!current) throw notFound(LEARNING_MESSAGES.lessonNotFound);
      const changes: Partial<LessonRow> = { updated_at: nowIso() };
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.markdown !== undefined) changes.content_html = markdownToSafeHtml(input.markdown);
      else if (input.content !== undefined) changes.content_html = sanitizeArticleHtml(input.content);
      if (input.duration !== undefined) changes.duration = input.duration;
      if (input.lessonNumber !== undefined) changes.lesson_number = input.lessonNumber;
      if (input.learningObjectives) changes.learning_objectives = JSON.stringify(input.learningObjectives);
      if (input.keyTakeaways) changes.key_takeaways = JSON.stringify(input.keyTakeaways);
      if (input.prerequisites) changes.prerequisites = JSON.stringify(input.prerequisites);
      if (input.resources) changes.resources = JSON.stringify(input.resources);
      if (input.videoUrl !== undefined) changes.video_url = input.videoUrl;
      if (input.videoDescription !== undefined) changes.video_description = input.videoDescription;
      let updated: LessonRow | undefined;
      try {
        updated = await repo.updateLesson(current.id, changes);
      } catch (err) {
        if (/unique|23505/i.test(`${(err as { code?: string }).code ?? ""} ${(err as Error).message}`)) {
          throw conflict("Another lesson of this course has that number", { lessonNumber: "Taken" });
        }
        throw err;
      }
      if (!updated) throw notFound(LEARNING_MESSAGES.lessonNotFound);
      await refreshCourseTotals(database.db, current.course_id);
      return toLesson(updated, { isCompleted: false, isCurrent: false });
    },

    async deleteLesson(id: string) {
      const current = await repo.findLesson(id);
      if (!current) throw notFound(LEARNING_MESSAGES.lessonNotFound);
      await repo.deleteLesson(current.id);
      await refreshCourseTotals(database.db, current.course_id);
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
