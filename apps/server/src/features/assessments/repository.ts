import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { AuthoredQuestion } from "@vestin/shared/assessments";
import { dialectOf } from "../../db/database.ts";
import type { AssessmentAttemptsTable, CourseAssessmentsTable, DB } from "../../db/schema.ts";
import type { ShownQuestion } from "./grading.ts";

export type AssessmentRow = Selectable<CourseAssessmentsTable>;
export type AttemptRow = Selectable<AssessmentAttemptsTable>;
type Db = Kysely<DB> | Transaction<DB>;

export const questionsOf = (row: AssessmentRow): AuthoredQuestion[] => JSON.parse(row.questions) as AuthoredQuestion[];
export const shownOf = (row: AttemptRow): ShownQuestion[] => JSON.parse(row.questions) as ShownQuestion[];

/** The rows behind assessments; every rule is in service.ts. */
export const assessmentRepository = {
  assessmentOf: (db: Db, courseId: string) => db.selectFrom("course_assessments").selectAll().where("course_id", "=", courseId).executeTakeFirst(),

  /** A learner's attempts at a course, newest first. */
  attemptsOf: (db: Db, userId: string, courseId: string) =>
    db
      .selectFrom("assessment_attempts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .execute(),

  /**
   * For each ask (an attempt id and the learner asking), in its order: that learner's attempts at
   * the course of the attempt, newest first, each with the course's review policy and attempt
   * limit (null when the course has no assessment); none when the attempt is not theirs. One
   * statement for all the asks.
   */
  async attemptsBeside(db: Db, asks: readonly { id: string; userId: string }[]) {
    const rows = await db
      .selectFrom("assessment_attempts as a")
      .leftJoin("course_assessments as ca", "ca.course_id", "a.course_id")
      .selectAll("a")
      .select(["ca.review_policy as assessment_review_policy", "ca.max_attempts as assessment_max_attempts"])
      .where(
        "a.user_id",
        "in",
        asks.map((ask) => ask.userId),
      )
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("assessment_attempts as asked")
            .select("asked.id")
            .where(
              "asked.id",
              "in",
              asks.map((ask) => ask.id),
            )
            .whereRef("asked.user_id", "=", "a.user_id")
            .whereRef("asked.course_id", "=", "a.course_id"),
        ),
      )
      .orderBy("a.started_at", "desc")
      .orderBy("a.id", "desc")
      .execute();
    return asks.map((ask) => {
      const asked = rows.find((row) => row.id === ask.id && row.user_id === ask.userId);
      return asked ? rows.filter((row) => row.user_id === ask.userId && row.course_id === asked.course_id) : [];
    });
  },

  async insertAttempt(trx: Transaction<DB>, row: AttemptRow): Promise<void> {
    await trx.insertInto("assessment_attempts").values(row).execute();
  },

  /** Records a grading only if the attempt is still unsubmitted: of two submissions at once, one wins. */
  async recordGrading(
    trx: Transaction<DB>,
    id: string,
    graded: Pick<AttemptRow, "submitted_at" | "score" | "correct" | "passed" | "answers" | "results">,
  ): Promise<boolean> {
    const result = await trx.updateTable("assessment_attempts").set(graded).where("id", "=", id).where("submitted_at", "is", null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * recordGrading for several attempts at once: the ids of those recorded (the ones still
   * unsubmitted). On PostgreSQL one statement; the attempts are distinct.
   */
  async recordGradings(
    trx: Transaction<DB>,
    gradings: readonly ({ id: string } & Pick<AttemptRow, "submitted_at" | "score" | "correct" | "passed" | "answers" | "results">)[],
  ): Promise<Set<string>> {
    if (dialectOf(trx) === "sqlite") {
      const recorded = new Set<string>();
      for (const { id, ...graded } of gradings) if (await assessmentRepository.recordGrading(trx, id, graded)) recorded.add(id);
      return recorded;
    }
    const column = <T>(pick: (g: (typeof gradings)[number]) => T) => gradings.map(pick);
    const { rows } = await sql<{ id: string }>`
      update "assessment_attempts" as "a" set
        "submitted_at" = "g"."submitted_at", "score" = "g"."score", "correct" = "g"."correct",
        "passed" = "g"."passed", "answers" = "g"."answers", "results" = "g"."results"
      from unnest(
        ${column((g) => g.id)}::text[], ${column((g) => g.submitted_at)}::text[], ${column((g) => g.score)}::integer[],
        ${column((g) => g.correct)}::integer[], ${column((g) => g.passed)}::integer[], ${column((g) => g.answers)}::text[], ${column((g) => g.results)}::text[]
      ) as "g"("id", "submitted_at", "score", "correct", "passed", "answers", "results")
      where "a"."id" = "g"."id" and "a"."submitted_at" is null
      returning "a"."id"`.execute(trx);
    return new Set(rows.map((row) => row.id));
  },

  /** Submitted attempts of a course for its report (newest 5,000). */
  submittedAttempts: (db: Db, courseId: string) =>
    db
      .selectFrom("assessment_attempts")
      .select(["user_id", "score", "passed", "results"])
      .where("course_id", "=", courseId)
      .where("submitted_at", "is not", null)
      .orderBy("submitted_at", "desc")
      .limit(5000)
      .execute(),

  async saveAssessment(db: Db, row: Omit<AssessmentRow, "version">): Promise<AssessmentRow> {
    await db
      .insertInto("course_assessments")
      .values({ ...row, version: 1 })
      .onConflict((oc) =>
        oc.column("course_id").doUpdateSet({
          pass_mark: row.pass_mark,
          max_attempts: row.max_attempts,
          time_limit_minutes: row.time_limit_minutes,
          questions_per_attempt: row.questions_per_attempt,
          review_policy: row.review_policy,
          questions: row.questions,
          updated_at: row.updated_at,
          version: sql<number>`course_assessments.version + 1`,
        }),
      )
      .execute();
    return (await db.selectFrom("course_assessments").selectAll().where("course_id", "=", row.course_id).executeTakeFirstOrThrow()) as AssessmentRow;
  },

  deleteAssessment: (db: Db, courseId: string) => db.deleteFrom("course_assessments").where("course_id", "=", courseId).executeTakeFirst(),

  /** A learner's best passed attempt at a course. */
  bestPass: (db: Db, userId: string, courseId: string) =>
    db
      .selectFrom("assessment_attempts")
      .select(["id", "score"])
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .where("passed", "=", 1)
      .orderBy("score", "desc")
      .orderBy("submitted_at")
      .executeTakeFirst(),

  /** Which of these courses have an assessment. */
  async assessedCourses(db: Db, courseIds: string[]): Promise<string[]> {
    if (courseIds.length === 0) return [];
    return (await db.selectFrom("course_assessments").select("course_id").where("course_id", "in", courseIds).execute()).map((r) => r.course_id);
  },

  /** Which of these courses' assessments the learner passed. */
  async passedCourses(db: Db, userId: string, courseIds: string[]): Promise<Set<string>> {
    if (courseIds.length === 0) return new Set();
    const rows = await db
      .selectFrom("assessment_attempts")
      .select("course_id")
      .distinct()
      .where("user_id", "=", userId)
      .where("course_id", "in", courseIds)
      .where("passed", "=", 1)
      .execute();
    return new Set(rows.map((r) => r.course_id));
  },

  placementOf: (db: Db, userId: string) => db.selectFrom("placement_results").selectAll().where("user_id", "=", userId).executeTakeFirst(),

  async savePlacement(db: Db, userId: string, result: string, at: string): Promise<void> {
    await db
      .insertInto("placement_results")
      .values({ user_id: userId, result, created_at: at })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ result, created_at: at }))
      .execute();
  },
};
