import { randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from "kysely";
import type { CourseListQuery } from "@vestin/shared/learning";
import type { CoursesTable, DB, LessonsTable } from "../../db/schema.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { countOf } from "../../lib/count.ts";

export type CourseRow = Selectable<CoursesTable>;
export type LessonRow = Selectable<LessonsTable>;

/** A LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const byIdOrSlug = (idOrSlug: string) => (eb: ExpressionBuilder<DB, "courses">) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]);

export function learningRepository(db: Kysely<DB>) {
  return {
    async listCourses(q: CourseListQuery): Promise<{ rows: CourseRow[]; total: number }> {
      let base = db.selectFrom("courses").where("status", "=", "published");
      if (q.category) base = base.where("category", "=", q.category);
      if (q.difficulty) base = base.where("difficulty", "=", q.difficulty);
      if (q.search) {
        const pattern = containsPattern(q.search);
        base = base.where((eb) =>
          eb.or([eb(sql`lower(title)`, "like", sql`${pattern} escape '\\'`), eb(sql`lower(description)`, "like", sql`${pattern} escape '\\'`)]),
        );
      }
      const rows = await base
        .selectAll()
        .orderBy("track_position")
        .orderBy("course_order")
        .orderBy("id")
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute();
      return { rows, total: await countOf(base) };
    },

    findPublishedCourse: (idOrSlug: string) =>
      db.selectFrom("courses").selectAll().where(byIdOrSlug(idOrSlug)).where("status", "=", "published").executeTakeFirst(),

    findCourse: (idOrSlug: string) => db.selectFrom("courses").selectAll().where(byIdOrSlug(idOrSlug)).executeTakeFirst(),

    categoryAnalytics: () =>
      db
        .selectFrom("courses")
        .where("status", "=", "published")
        .select((eb) => [
          "category",
          eb.fn.countAll<string | number>().as("course_count"),
          eb.fn.sum<string | number>("total_lessons").as("total_lessons"),
          eb.fn.min<number>("track_position").as("position"),
        ])
        .groupBy("category")
        .orderBy("position")
        .orderBy("category")
        .execute(),

    lessonsOfCourse: (courseId: string) => db.selectFrom("lessons").selectAll().where("course_id", "=", courseId).orderBy("lesson_number").execute(),

    findLesson: (id: string) => db.selectFrom("lessons").selectAll().where("id", "=", id).executeTakeFirst(),

    async listLessons(courseId: string | undefined, page: number, limit: number) {
      let base = db.selectFrom("lessons").innerJoin("courses", "courses.id", "lessons.course_id").where("courses.status", "=", "published");
      if (courseId) base = base.where("lessons.course_id", "=", courseId);
      const rows = await base
        .selectAll("lessons")
        .orderBy("courses.track_position")
        .orderBy("courses.course_order")
        .orderBy("lessons.lesson_number")
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return { rows, total: await countOf(base) };
    },

    /** For one user and some courses: enrolment time and completed-lesson count per course, in two queries. */
    async progressOf(userId: string, courseIds: string[]) {
      const result = new Map<string, { enrolledAt: string; completed: number }>();
      if (courseIds.length === 0) return result;
      const enrollments = await db
        .selectFrom("enrollments")
        .select(["course_id", "enrolled_at"])
        .where("user_id", "=", userId)
        .where("course_id", "in", courseIds)
        .execute();
      if (enrollments.length === 0) return result;
      const counts = await db
        .selectFrom("lesson_completions")
        .select((eb) => ["course_id", eb.fn.countAll<string | number>().as("completed")])
        .where("user_id", "=", userId)
        .where(
          "course_id",
          "in",
          enrollments.map((e) => e.course_id),
        )
        .groupBy("course_id")
        .execute();
      const completed = new Map(counts.map((c) => [c.course_id, Number(c.completed)]));
      for (const e of enrollments) result.set(e.course_id, { enrolledAt: e.enrolled_at, completed: completed.get(e.course_id) ?? 0 });
      return result;
    },

    /** Whether the user is enrolled in the course and which of its lessons they completed, in one query. */
    async learnerPlace(userId: string, courseId: string): Promise<{ enrolled: boolean; completed: Set<string> }> {
      const rows = await db
        .selectFrom("enrollments as e")
        .leftJoin("lesson_completions as lc", (join) => join.onRef("lc.user_id", "=", "e.user_id").onRef("lc.course_id", "=", "e.course_id"))
        .select("lc.lesson_id")
        .where("e.user_id", "=", userId)
        .where("e.course_id", "=", courseId)
        .execute();
      return { enrolled: rows.length > 0, completed: new Set(rows.flatMap((r) => (r.lesson_id ? [r.lesson_id] : []))) };
    },

    /** Enrols once: the unique (user, course) pair decides. */
    async enroll(userId: string, courseId: string): Promise<string | undefined> {
      const enrolledAt = nowIso();
      const inserted = await db
        .insertInto("enrollments")
        .values({ id: newId(), user_id: userId, course_id: courseId, enrolled_at: enrolledAt, completed_at: null })
        .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted ? enrolledAt : undefined;
    },

    /**
     * How many learners each course has: its enrolments, counted. The one source of every enrolment
     * count shown (catalogue, course page, console); an erased account's enrolments go with it.
     */
    async enrollmentCounts(courseIds: string[]): Promise<Map<string, number>> {
      const counts = new Map(courseIds.map((id) => [id, 0]));
      if (courseIds.length === 0) return counts;
      const rows = await db
        .selectFrom("enrollments")
        .select((eb) => ["course_id", eb.fn.countAll<string | number>().as("n")])
        .where("course_id", "in", [...new Set(courseIds)])
        .groupBy("course_id")
        .execute();
      for (const row of rows) counts.set(row.course_id, Number(row.n));
      return counts;
    },

    /**
     * Completes a lesson once for an enrolled user. Returns the course's completed count, or
     * "not-enrolled" / "already-completed".
     */
    async completeLesson(userId: string, lesson: LessonRow, totalLessons: number) {
      return db.transaction().execute(async (trx) => {
        const enrollment = await trx
          .selectFrom("enrollments")
          .select(["id", "completed_at"])
          .where("user_id", "=", userId)
          .where("course_id", "=", lesson.course_id)
          .executeTakeFirst();
        if (!enrollment) return "not-enrolled" as const;
        const now = nowIso();
        const inserted = await trx
          .insertInto("lesson_completions")
          .values({ id: newId(), user_id: userId, lesson_id: lesson.id, course_id: lesson.course_id, completed_at: now })
          .onConflict((oc) => oc.columns(["user_id", "lesson_id"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) return "already-completed" as const;
        const count = await trx
          .selectFrom("lesson_completions")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("user_id", "=", userId)
          .where("course_id", "=", lesson.course_id)
          .executeTakeFirst();
        const completed = Number(count?.n ?? 0);
        if (completed >= totalLessons && !enrollment.completed_at) {
          await trx.updateTable("enrollments").set({ completed_at: now }).where("id", "=", enrollment.id).execute();
        }
        return { completed };
      });
    },

    findEnrollment: (userId: string, courseId: string) =>
      db.selectFrom("enrollments").selectAll().where("user_id", "=", userId).where("course_id", "=", courseId).executeTakeFirst(),

    findCertificate: (userId: string, courseId: string) =>
      db.selectFrom("certificates").selectAll().where("user_id", "=", userId).where("course_id", "=", courseId).executeTakeFirst(),

    findCertificateByCode: (code: string) => db.selectFrom("certificates").selectAll().where("code", "=", code).executeTakeFirst(),

    async insertCourse(row: CourseRow): Promise<void> {
      await db.insertInto("courses").values(row).execute();
    },
    updateCourse: (id: string, changes: Partial<CourseRow>) => db.updateTable("courses").set(changes).where("id", "=", id).returningAll().executeTakeFirst(),
    async deleteCourse(id: string): Promise<void> {
      await db.deleteFrom("courses").where("id", "=", id).execute();
    },
    async insertLesson(row: LessonRow): Promise<void> {
      await db.insertInto("lessons").values(row).execute();
    },
    updateLesson: (id: string, changes: Partial<LessonRow>) => db.updateTable("lessons").set(changes).where("id", "=", id).returningAll().executeTakeFirst(),
    async deleteLesson(id: string): Promise<void> {
      await db.deleteFrom("lessons").where("id", "=", id).execute();
    },
    slugTaken: async (slug: string, exceptId?: string) => {
      let q = db.selectFrom("courses").select("id").where("slug", "=", slug);
      if (exceptId) q = q.where("id", "!=", exceptId);
      return Boolean(await q.executeTakeFirst());
    },
  };
}

/**
 * Recomputes a course's lesson count and duration from its lessons (after any lesson write). A
 * learner who had finished the course but has not done a lesson added since is no longer
 * finished: their progress shows the new lesson to do. Certificates already issued are not
 * touched (they name the version completed).
 */
export async function refreshCourseTotals(db: Kysely<DB> | Transaction<DB>, courseId: string): Promise<void> {
  const lessons = await db.selectFrom("lessons").select("duration").where("course_id", "=", courseId).execute();
  const minutes = lessons.reduce((sum, l) => sum + (Number.parseInt(l.duration, 10) || 15), 0);
  await db.updateTable("courses").set({ total_lessons: lessons.length, duration_minutes: minutes, updated_at: nowIso() }).where("id", "=", courseId).execute();
  await db
    .updateTable("enrollments")
    .set({ completed_at: null })
    .where("course_id", "=", courseId)
    .where("completed_at", "is not", null)
    .where(
      (eb) =>
        eb
          .selectFrom("lesson_completions as lc")
          .select((x) => x.fn.countAll<number>().as("n"))
          .whereRef("lc.user_id", "=", "enrollments.user_id")
          .where("lc.course_id", "=", courseId),
      "<",
      lessons.length,
    )
    .execute();
}

/** Issues a learner's certificate of a course once (the unique (user, course) pair decides). */
export async function issueCertificate(
  db: Kysely<DB> | Transaction<DB>,
  row: {
    user_id: string;
    course_id: string;
    learner_name: string;
    course_title: string;
    issued_at: string;
    basis: "assessment" | "lessons";
    score: number | null;
    lesson_count: number;
    attempt_id: string | null;
  },
): Promise<string> {
  await db
    .insertInto("certificates")
    .values({ code: certificateCode(), ...row })
    .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
    .execute();
  const stored = await db
    .selectFrom("certificates")
    .select("code")
    .where("user_id", "=", row.user_id)
    .where("course_id", "=", row.course_id)
    .executeTakeFirstOrThrow();
  return stored.code;
}

/** VST-XXXX-XXXX-XXXX: 48 random bits, printed on the PDF and checked on the public page. */
export function certificateCode(): string {
  const raw = randomBytes(8).toString("hex").toUpperCase();
  return `VST-${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
}

export type LearningRepository = ReturnType<typeof learningRepository>;
