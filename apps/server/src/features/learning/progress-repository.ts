import { sql, type ExpressionBuilder, type Kysely, type QueryCreator, type UpdateObject } from "kysely";
import { COMMITTED_WITH_OTHERS, dialectOf } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { byIdOrSlug } from "./repository.ts";
import { newId, nowIso } from "../../lib/ids.ts";

/** A course's lesson count (`total`) and the learner's completions in it (`done`), as two selected subqueries. */
function lessonCountsOf(eb: ExpressionBuilder<DB, never>, userId: string, courseId: string) {
  return [
    eb.selectFrom("lessons").select(eb.fn.countAll<string | number>().as("n")).where("course_id", "=", courseId).as("total"),
    eb
      .selectFrom("lesson_completions")
      .select(eb.fn.countAll<string | number>().as("n"))
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .as("done"),
  ] as const;
}

/** A published lesson (its course published too): its id and course. */
const publishedLesson = (qc: QueryCreator<DB>, lessonId: string) =>
  qc
    .selectFrom("lessons")
    .innerJoin("courses", "courses.id", "lessons.course_id")
    .select(["lessons.id", "lessons.course_id"])
    .where("lessons.id", "=", lessonId)
    .where("courses.status", "=", "published");

/** A published lesson and the learner's enrolment in its course, from the one row that found both (no row, or a null lesson id: no lesson). */
function lessonAndEnrolment(row: { id: string | null; course_id: string | null; enrollment_id: string | null; completed_at: string | null } | undefined): {
  lesson: { id: string; course_id: string } | undefined;
  enrollment: { id: string; completed_at: string | null } | undefined;
} {
  if (!row || row.id === null || row.course_id === null) return { lesson: undefined, enrollment: undefined };
  return {
    lesson: { id: row.id, course_id: row.course_id },
    enrollment: row.enrollment_id === null ? undefined : { id: row.enrollment_id, completed_at: row.completed_at },
  };
}

/** The rows of a learner's place in courses: enrolments and lesson completions (rules in completion.ts, enrolment.ts). */
export function progressRepository(db: Kysely<DB>) {
  const dialect = dialectOf(db);

  async function lessonCounts(userId: string, courseId: string): Promise<{ done: number; total: number }> {
    // Both counts in one statement: one round trip.
    const counts = await db.selectNoFrom((eb) => lessonCountsOf(eb, userId, courseId)).executeTakeFirst();
    return { done: Number(counts?.done ?? 0), total: Number(counts?.total ?? 0) };
  }

  /**
   * The learner's enrolment in the course, held until the transaction ends. On PostgreSQL a row
   * lock (`FOR UPDATE`): it writes no new row version and sends no change notice, where a no-op
   * update did both. SQLite has no row locks: a no-op update makes the transaction its one writer
   * at once.
   */
  const lockEnrolment = (userId: string, courseId: string) =>
    dialect === "postgres"
      ? db.selectFrom("enrollments").selectAll().where("user_id", "=", userId).where("course_id", "=", courseId).forUpdate().executeTakeFirst()
      : db
          .updateTable("enrollments")
          .set({ course_id: sql<string>`course_id` })
          .where("user_id", "=", userId)
          .where("course_id", "=", courseId)
          .returningAll()
          .executeTakeFirst();

  /**
   * The published lesson `lessonId` (its course published too) and the learner's enrolment in its
   * course with `set` written to it: the lesson undefined when there is no such published lesson,
   * the enrolment undefined when they are not enrolled. The update takes the enrolment's row lock
   * on PostgreSQL, where one statement finds the lesson and updates the enrolment; made outside a
   * transaction (a lesson visit), that statement is committed with the other writes of the moment.
   */
  async function updateEnrolmentOfLesson(
    userId: string,
    lessonId: string,
    set: UpdateObject<DB, "enrollments">,
  ): Promise<{ lesson: { id: string; course_id: string } | undefined; enrollment: { id: string; completed_at: string | null } | undefined }> {
    if (dialect === "sqlite") {
      const lesson = await publishedLesson(db, lessonId).executeTakeFirst();
      const enrollment = lesson
        ? await db
            .updateTable("enrollments")
            .set(set)
            .where("user_id", "=", userId)
            .where("course_id", "=", lesson.course_id)
            .returning(["id", "completed_at"])
            .executeTakeFirst()
        : undefined;
      return { lesson, enrollment };
    }
    const row = await db
      .with("lesson", (w) => publishedLesson(w, lessonId))
      .with("updated", (w) =>
        w
          .updateTable("enrollments")
          .from("lesson")
          .set(set)
          .whereRef("enrollments.course_id", "=", "lesson.course_id")
          .where("enrollments.user_id", "=", userId)
          .returning(["enrollments.id", "enrollments.completed_at"]),
      )
      .selectFrom("lesson")
      .leftJoin("updated", (join) => join.onTrue())
      .select(["lesson.id", "lesson.course_id", "updated.id as enrollment_id", "updated.completed_at"])
      .modifyEnd(COMMITTED_WITH_OTHERS)
      .executeTakeFirst();
    return lessonAndEnrolment(row);
  }

  async function insertCompletion(userId: string, lesson: { id: string; course_id: string }, at: string, id = newId()): Promise<boolean> {
    const inserted = await db
      .insertInto("lesson_completions")
      .values({ id, user_id: userId, lesson_id: lesson.id, course_id: lesson.course_id, completed_at: at })
      .onConflict((oc) => oc.columns(["user_id", "lesson_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Enrols the learner once; the enrolment's time, or undefined when they were enrolled already. */
  async function enroll(userId: string, courseId: string): Promise<string | undefined> {
    const enrolledAt = nowIso();
    const inserted = await db
      .insertInto("enrollments")
      .values({ id: newId(), user_id: userId, course_id: courseId, enrolled_at: enrolledAt, completed_at: null })
      .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted ? enrolledAt : undefined;
  }

  return {
    /**
     * For one user and some courses: enrolment time, completed-lesson count and the course's lesson
     * count per enrolled course, in three queries.
     */
    async progressOf(userId: string, courseIds: string[]) {
      const result = new Map<string, { enrolledAt: string; done: number; total: number }>();
      if (courseIds.length === 0) return result;
      const enrollments = await db
        .selectFrom("enrollments")
        .select(["course_id", "enrolled_at"])
        .where("user_id", "=", userId)
        .where("course_id", "in", courseIds)
        .execute();
      if (enrollments.length === 0) return result;
      const enrolled = enrollments.map((e) => e.course_id);
      const [done, totals] = await Promise.all([
        db
          .selectFrom("lesson_completions")
          .select((eb) => ["course_id", eb.fn.countAll<string | number>().as("n")])
          .where("user_id", "=", userId)
          .where("course_id", "in", enrolled)
          .groupBy("course_id")
          .execute(),
        db
          .selectFrom("lessons")
          .select((eb) => ["course_id", eb.fn.countAll<string | number>().as("n")])
          .where("course_id", "in", enrolled)
          .groupBy("course_id")
          .execute(),
      ]);
      const doneOf = new Map(done.map((c) => [c.course_id, Number(c.n)]));
      const totalOf = new Map(totals.map((c) => [c.course_id, Number(c.n)]));
      for (const e of enrollments) {
        result.set(e.course_id, { enrolledAt: e.enrolled_at, done: doneOf.get(e.course_id) ?? 0, total: totalOf.get(e.course_id) ?? 0 });
      }
      return result;
    },

    /** How many of a course's lessons there are, and how many of them the learner completed. */
    lessonCounts,

    /**
     * Records, for each ask in its order, that the learner completed the lesson unless they had
     * (`inserted` false), and answers the course's lesson counts with it. On PostgreSQL the
     * inserts and the counts of all the asks are one statement: its counts see the database as it
     * was when the statement began, so each new completion is added to its own; a completion
     * committed before the statement began is counted (the caller holds the enrolments first, so
     * of a learner's two at once, the second statement begins after the first committed). The asks
     * name distinct learners.
     */
    async insertCompletionsCounted(
      asks: readonly { userId: string; lesson: { id: string; course_id: string } }[],
      at: string,
    ): Promise<{ inserted: boolean; done: number; total: number }[]> {
      if (dialect === "sqlite") {
        const counted = [];
        for (const { userId, lesson } of asks) {
          const inserted = await insertCompletion(userId, lesson, at);
          counted.push({ inserted, ...(await lessonCounts(userId, lesson.course_id)) });
        }
        return counted;
      }
      const column = (pick: (ask: (typeof asks)[number]) => string) => asks.map(pick);
      const { rows } = await sql<{ inserted: boolean; done: string | number; total: string | number }>`
        with "ask" as (
          select * from unnest(
            ${asks.map(() => newId())}::text[], ${column((a) => a.userId)}::text[], ${column((a) => a.lesson.id)}::text[], ${column((a) => a.lesson.course_id)}::text[]
          ) with ordinality as "ask"("id", "user_id", "lesson_id", "course_id", "n")
        ), "inserted" as (
          insert into "lesson_completions" ("id", "user_id", "lesson_id", "course_id", "completed_at")
          select "id", "user_id", "lesson_id", "course_id", ${at}::text from "ask"
          on conflict ("user_id", "lesson_id") do nothing
          returning "id"
        )
        select exists (select from "inserted" where "inserted"."id" = "ask"."id") as "inserted",
          (select count(*) from "lesson_completions" where "user_id" = "ask"."user_id" and "course_id" = "ask"."course_id") as "done",
          (select count(*) from "lessons" where "course_id" = "ask"."course_id") as "total"
        from "ask" order by "ask"."n"`.execute(db);
      return rows.map((row) => ({ inserted: row.inserted, done: Number(row.done) + (row.inserted ? 1 : 0), total: Number(row.total) }));
    },

    /** Whether the user is enrolled in the course and which of its lessons they completed (and when), in one query. */
    async learnerPlace(userId: string, courseId: string): Promise<{ enrolled: boolean; completed: Set<string>; completedAt: Map<string, string> }> {
      const rows = await db
        .selectFrom("enrollments as e")
        .leftJoin("lesson_completions as lc", (join) => join.onRef("lc.user_id", "=", "e.user_id").onRef("lc.course_id", "=", "e.course_id"))
        .select(["lc.lesson_id", "lc.completed_at"])
        .where("e.user_id", "=", userId)
        .where("e.course_id", "=", courseId)
        .execute();
      const completedAt = new Map(rows.flatMap((r) => (r.lesson_id && r.completed_at ? [[r.lesson_id, r.completed_at] as const] : [])));
      return { enrolled: rows.length > 0, completed: new Set(completedAt.keys()), completedAt };
    },

    /** Enrols once: the unique (user, course) pair decides. */
    /**
     * Enrols the learner in a published course, found by id or slug: the course (undefined when
     * there is no such published course) and the enrolment's time (undefined when they were
     * enrolled already). On PostgreSQL one statement finds the course and inserts the enrolment, and
     * is committed with the other writes of the moment.
     */
    async enrollInPublished(userId: string, idOrSlug: string): Promise<{ course: { id: string; slug: string } | undefined; enrolledAt: string | undefined }> {
      const published = (qc: QueryCreator<DB>) => qc.selectFrom("courses").select(["id", "slug"]).where(byIdOrSlug(idOrSlug)).where("status", "=", "published");
      if (dialect === "sqlite") {
        const course = await published(db).executeTakeFirst();
        return { course, enrolledAt: course ? await enroll(userId, course.id) : undefined };
      }
      const enrolledAt = nowIso();
      const row = await db
        .with("course", published)
        .with("enrolled", (w) =>
          w
            .insertInto("enrollments")
            .columns(["id", "user_id", "course_id", "enrolled_at", "completed_at"])
            .expression((eb) =>
              eb
                .selectFrom("course")
                .select([
                  sql.val(newId()).as("id"),
                  sql.val(userId).as("user_id"),
                  "course.id as course_id",
                  sql.val(enrolledAt).as("enrolled_at"),
                  sql.val(null).as("completed_at"),
                ]),
            )
            .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
            .returning("id"),
        )
        .selectFrom("course")
        .select((eb) => ["course.id", "course.slug", eb.selectFrom("enrolled").select(eb.fn.countAll<string | number>().as("n")).as("enrolled")])
        .modifyEnd(COMMITTED_WITH_OTHERS)
        .executeTakeFirst();
      if (!row) return { course: undefined, enrolledAt: undefined };
      return { course: { id: row.id, slug: row.slug }, enrolledAt: Number(row.enrolled) > 0 ? enrolledAt : undefined };
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

    findEnrollment: (userId: string, courseId: string) =>
      db.selectFrom("enrollments").selectAll().where("user_id", "=", userId).where("course_id", "=", courseId).executeTakeFirst(),

    /** Records a lesson done once; false when it already was. */
    insertCompletion,

    /** Sets or clears when enrolments finished their course. */
    async setCompletedAt(enrollmentIds: string[], at: string | null): Promise<void> {
      if (enrollmentIds.length === 0) return;
      await db.updateTable("enrollments").set({ completed_at: at }).where("id", "in", enrollmentIds).execute();
    },

    /** A course's enrolments, each with when it was marked finished and how many lessons its learner has done. */
    enrolmentsWithDone: (courseId: string) =>
      db
        .selectFrom("enrollments as e")
        .leftJoin("lesson_completions as lc", (join) => join.onRef("lc.user_id", "=", "e.user_id").onRef("lc.course_id", "=", "e.course_id"))
        .select((eb) => ["e.id", "e.user_id", "e.completed_at", eb.fn.count<string | number>("lc.id").as("done")])
        .where("e.course_id", "=", courseId)
        .groupBy(["e.id", "e.user_id", "e.completed_at"])
        .execute(),

    /**
     * Records a published lesson as the one an enrolled learner opened last in its course:
     * "no lesson" when there is no such published lesson, "not enrolled" when they are not
     * enrolled in its course (one statement on PostgreSQL).
     */
    async recordVisit(userId: string, lessonId: string): Promise<"recorded" | "no lesson" | "not enrolled"> {
      const { lesson, enrollment } = await updateEnrolmentOfLesson(userId, lessonId, { last_lesson_id: lessonId, last_visited_at: nowIso() });
      if (!lesson) return "no lesson";
      return enrollment ? "recorded" : "not enrolled";
    },

    /**
     * Serializes writes about one learner in one course (two attempts started at once): their
     * enrolment, locked until the transaction ends. Undefined when not enrolled.
     */
    lockEnrolment,

    /**
     * For each ask, in its order: the published lesson (its course published too) and the
     * learner's enrolment in its course, locked as lockEnrolment locks it. On PostgreSQL one
     * statement for all of them, the enrolments locked in the order of their ids (two such
     * statements never wait for each other in a circle); the asks name distinct learners.
     */
    async lockEnrolmentsOfLessons(asks: readonly { userId: string; lessonId: string }[]) {
      if (dialect === "sqlite") {
        const found = [];
        for (const ask of asks) found.push(await updateEnrolmentOfLesson(ask.userId, ask.lessonId, { course_id: sql<string>`enrollments.course_id` }));
        return found;
      }
      const { rows } = await sql<{ n: string; id: string | null; course_id: string | null; enrollment_id: string | null; completed_at: string | null }>`
        with "ask" as (
          select * from unnest(${asks.map((a) => a.userId)}::text[], ${asks.map((a) => a.lessonId)}::text[]) with ordinality as "ask"("user_id", "lesson_id", "n")
        ), "lesson" as (
          select "ask"."n", "lessons"."id", "lessons"."course_id" from "ask"
          join "lessons" on "lessons"."id" = "ask"."lesson_id"
          join "courses" on "courses"."id" = "lessons"."course_id" and "courses"."status" = 'published'
        ), "locked" as (
          select "lesson"."n", "enrollments"."id", "enrollments"."completed_at" from "lesson"
          join "ask" on "ask"."n" = "lesson"."n"
          join "enrollments" on "enrollments"."user_id" = "ask"."user_id" and "enrollments"."course_id" = "lesson"."course_id"
          order by "enrollments"."id"
          for update of "enrollments"
        )
        select "ask"."n", "lesson"."id", "lesson"."course_id", "locked"."id" as "enrollment_id", "locked"."completed_at" from "ask"
        left join "lesson" on "lesson"."n" = "ask"."n"
        left join "locked" on "locked"."n" = "ask"."n"
        order by "ask"."n"`.execute(db);
      return rows.map(lessonAndEnrolment);
    },

    /** A learner's enrolments in published courses (one course with `onlyCourseId`), with the course's card fields. */
    async myEnrolments(userId: string, onlyCourseId?: string) {
      let query = db
        .selectFrom("enrollments as e")
        .innerJoin("courses as c", "c.id", "e.course_id")
        .select(["c.id", "c.slug", "c.title", "c.category", "c.difficulty", "e.enrolled_at", "e.completed_at", "e.last_lesson_id", "e.last_visited_at"])
        .where("e.user_id", "=", userId)
        .where("c.status", "=", "published");
      if (onlyCourseId) query = query.where("c.id", "=", onlyCourseId);
      return query.execute();
    },

    /** A learner's enrolments in every course (drafts too), oldest first: the admin user view and the privacy export. */
    allEnrolments: (userId: string) =>
      db
        .selectFrom("enrollments")
        .innerJoin("courses", "courses.id", "enrollments.course_id")
        .select(["courses.id as course_id", "courses.slug", "courses.title", "enrollments.enrolled_at", "enrollments.completed_at"])
        .where("enrollments.user_id", "=", userId)
        .orderBy("enrollments.enrolled_at")
        .execute(),

    /** Which of these courses' lessons the learner completed, and when. */
    async completedLessons(userId: string, courseIds: string[]): Promise<Map<string, string>> {
      if (courseIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("lesson_completions")
        .select(["lesson_id", "completed_at"])
        .where("user_id", "=", userId)
        .where("course_id", "in", courseIds)
        .execute();
      return new Map(rows.map((r) => [r.lesson_id, r.completed_at]));
    },
  };
}

export type ProgressRepository = ReturnType<typeof progressRepository>;
