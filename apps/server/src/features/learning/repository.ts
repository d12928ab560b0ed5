import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { CourseListQuery } from "@vestin/shared/learning";
import type { CoursesTable, DB, LessonsTable } from "../../db/schema.ts";
import { nowIso } from "../../lib/ids.ts";
import { countOf } from "../../lib/count.ts";

export type CourseRow = Selectable<CoursesTable>;
export type LessonRow = Selectable<LessonsTable>;

/** A LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A course by its id or its slug (the API takes either). */
export const byIdOrSlug = (idOrSlug: string) => (eb: ExpressionBuilder<DB, "courses">) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]);

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

    /** Some courses' lessons by number, without their text. */
    async lessonOutline(courseIds: string[]) {
      if (courseIds.length === 0) return [];
      return db
        .selectFrom("lessons")
        .select(["id", "course_id", "slug", "lesson_number", "title", "content_updated_at"])
        .where("course_id", "in", courseIds)
        .orderBy("lesson_number")
        .execute();
    },

    /** Every course, drafts included, in catalogue order. */
    allCourses: () => db.selectFrom("courses").selectAll().orderBy("track_position").orderBy("course_order").orderBy("title").execute(),

    /** The first published course of a track (a category), in catalogue order. */
    firstPublishedCourseOf: (category: string) =>
      db
        .selectFrom("courses")
        .select(["id", "slug", "title"])
        .where("category", "=", category)
        .where("status", "=", "published")
        .orderBy("course_order")
        .orderBy("id")
        .executeTakeFirst(),

    courseSlugs: () => db.selectFrom("courses").select(["id", "slug"]).execute(),

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
    /** Recomputes a course's stored lesson count and duration from its lessons; answers the count. */
    async refreshCourseTotals(courseId: string): Promise<number> {
      const lessons = await db.selectFrom("lessons").select("duration").where("course_id", "=", courseId).execute();
      const minutes = lessons.reduce((sum, l) => sum + (Number.parseInt(l.duration, 10) || 15), 0);
      await db
        .updateTable("courses")
        .set({ total_lessons: lessons.length, duration_minutes: minutes, updated_at: nowIso() })
        .where("id", "=", courseId)
        .execute();
      return lessons.length;
    },

    slugTaken: async (slug: string, exceptId?: string) => {
      let q = db.selectFrom("courses").select("id").where("slug", "=", slug);
      if (exceptId) q = q.where("id", "!=", exceptId);
      return Boolean(await q.executeTakeFirst());
    },
  };
}

export type LearningRepository = ReturnType<typeof learningRepository>;
