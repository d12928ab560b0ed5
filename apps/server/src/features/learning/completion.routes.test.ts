import type { Kysely, KyselyPlugin } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import type { DB } from "../../db/schema.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, countRows, createCourse, groupAround, learnerAccounts, signedInUser, statementsSentToPostgres } from "../../../test/helpers.ts";
import { createLearningService } from "./service.ts";

/** Five true/false questions, all in every attempt, pass mark 60 %: `true` everywhere passes. */
const QUESTIONS = Array.from({ length: 5 }, (_, i) => ({ id: `q${i}`, type: "truefalse", prompt: `Statement ${i}`, answer: true, explanation: "It is." }));
const PASSING = QUESTIONS.map((q) => ({ questionId: q.id, answer: true }));

describeEachDatabase("course completion and certificates", (t) => {
  let admin = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
  });
  const db = () => t().database.db;
  const learner = async (courseId: string) => {
    const user = await signedInUser(t().app, db());
    expect((await api(t().app, "POST", `/api/v1/courses/${courseId}/enroll`, undefined, user.token)).status).toBe(201);
    return user;
  };
  const complete = (lessonId: string, token: string) => api(t().app, "POST", `/api/v1/lessons/${lessonId}/complete`, undefined, token);
  const certificatesOf = (userId: string) => db().selectFrom("certificates").selectAll().where("user_id", "=", userId).execute();
  /** The learning service on its own: the app's parts, the test's connection, and an assessment standing that fails with `standingFailure` when read. */
  const serviceWith = (connection: Kysely<DB>, standingFailure: string) =>
    createLearningService({
      database: { ...t().database, db: connection },
      config: t().config,
      cache: t().app.publicCache,
      assessments: { of: () => Promise.reject(new Error(standingFailure)), passedIn: async () => new Map() },
      learnerById: (id) => t().app.accounts.userById(id),
      revisions: t().app.revisions,
    });
  /** The service with the kinds of the statements it sends counted on its own connection (the job workers' run beside it). */
  const countedService = (standingFailure: string) => {
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    return { learning: serviceWith(db().withPlugin(counting), standingFailure), statements };
  };
  /** A learner as the service takes them. */
  const accountOf = async (userId: string) => {
    const account = await t().app.accounts.userById(userId);
    if (!account) throw new Error("no account");
    return account;
  };
  const addLesson = (courseId: string) =>
    api(t().app, "POST", "/api/v1/lessons", { courseId, title: "Added later", markdown: "## New\n\nText.", duration: "10 min" }, admin);
  const withAssessment = async (courseId: string) => {
    const put = await api(
      t().app,
      "PUT",
      `/api/v1/admin/courses/${courseId}/assessment`,
      { passMark: 60, maxAttempts: 3, timeLimitMinutes: null, questionsPerAttempt: QUESTIONS.length, questions: QUESTIONS },
      admin,
    );
    expect(put.status).toBe(200);
  };

  it("stores a lesson that does not finish its course in two statements on PostgreSQL: the lesson with the lock, the completion with the counts", async () => {
    const course = await createCourse(t().app, admin, 3);
    const user = await learner(course.id);
    const { learning, statements } = countedService("not asked for a lesson that does not finish its course");
    expect(await learning.completeLesson(course.lessons[0] as string, await accountOf(user.id))).toMatchObject({ completedLessons: 1, totalLessons: 3 });
    // The lesson with its published course, the enrolment's lock, the completion, both counts:
    // on PostgreSQL the lesson and the lock are one statement, the completion and the counts
    // another (two round trips).
    expect(statements).toEqual(
      t().dialect === "postgres" ? ["RawNode", "RawNode"] : ["SelectQueryNode", "UpdateQueryNode", "InsertQueryNode", "SelectQueryNode"],
    );
    // Done again: refused, and still counted once.
    expect((await complete(course.lessons[0] as string, user.token)).status).toBe(409);
    expect((await complete(course.lessons[1] as string, user.token)).body.data).toMatchObject({ completedLessons: 2, totalLessons: 3 });
  });

  it("finds no lesson of a course taken out of publication, enrolled or not, and completes nothing", async () => {
    const course = await createCourse(t().app, admin, 2);
    const enrolled = await learner(course.id);
    const stranger = await signedInUser(t().app, db());
    const lesson = course.lessons[0] as string;
    expect((await api(t().app, "PUT", `/api/v1/courses/${course.id}`, { status: "draft" }, admin)).status).toBe(200);
    for (const token of [enrolled.token, stranger.token]) {
      expect(await complete(lesson, token)).toMatchObject({ status: 404, body: { message: LEARNING_MESSAGES.lessonNotFound } });
      expect(await api(t().app, "POST", `/api/v1/me/lessons/${lesson}/visit`, undefined, token)).toMatchObject({
        status: 404,
        body: { message: LEARNING_MESSAGES.lessonNotFound },
      });
    }
    expect(await db().selectFrom("enrollments").select("last_lesson_id").where("course_id", "=", course.id).execute()).toEqual([{ last_lesson_id: null }]);
    expect(await db().selectFrom("lesson_completions").select("id").where("lesson_id", "=", lesson).execute()).toEqual([]);
    expect((await api(t().app, "PUT", `/api/v1/courses/${course.id}`, { status: "published" }, admin)).status).toBe(200);
    expect((await complete(lesson, stranger.token)).status).toBe(403);
    expect((await complete(lesson, enrolled.token)).body.data).toMatchObject({ lessonId: lesson, courseId: course.id, completedLessons: 1, totalLessons: 2 });
  });

  it("records a lesson opened by an enrolled learner in one statement on PostgreSQL, and no one else's", async () => {
    const course = await createCourse(t().app, admin, 2);
    const user = await learner(course.id);
    const { learning, statements } = countedService("not asked when a lesson is opened");
    const lesson = course.lessons[1] as string;
    await learning.recordVisit(lesson, await accountOf(user.id));
    // The published lesson found and the enrolment's last lesson set: one statement on PostgreSQL.
    expect(statements).toEqual(t().dialect === "postgres" ? ["SelectQueryNode"] : ["SelectQueryNode", "UpdateQueryNode"]);
    const visited = await db().selectFrom("enrollments").select(["last_lesson_id", "last_visited_at"]).where("user_id", "=", user.id).executeTakeFirst();
    expect(visited).toEqual({ last_lesson_id: lesson, last_visited_at: expect.any(String) });
    const stranger = await accountOf((await signedInUser(t().app, db())).id);
    await expect(learning.recordVisit(lesson, stranger)).rejects.toMatchObject({ status: 403, message: LEARNING_MESSAGES.mustEnroll });
    await expect(learning.recordVisit("no-such-lesson", stranger)).rejects.toMatchObject({ status: 404, message: LEARNING_MESSAGES.lessonNotFound });
    expect(await db().selectFrom("enrollments").select("id").where("user_id", "=", stranger._id).execute()).toEqual([]);
  });

  it("enrols by id or slug in one statement on PostgreSQL; once only, and never in a draft or unknown course", async () => {
    const course = await createCourse(t().app, admin, 1);
    const user = await accountOf((await signedInUser(t().app, db())).id);
    const { learning, statements } = countedService("not asked when enrolling");
    expect(await learning.enroll(course.slug, user)).toEqual({ courseId: course.id, enrolledAt: expect.any(String) });
    // The published course found and the enrolment inserted: one statement on PostgreSQL.
    expect(statements).toEqual(t().dialect === "postgres" ? ["SelectQueryNode"] : ["SelectQueryNode", "InsertQueryNode"]);
    await expect(learning.enroll(course.id, user)).rejects.toMatchObject({ status: 409, message: LEARNING_MESSAGES.alreadyEnrolled });
    await expect(learning.enroll("no-such-course", user)).rejects.toMatchObject({ status: 404, message: LEARNING_MESSAGES.courseNotFound });
    const draft = await createCourse(t().app, admin, 1);
    expect((await api(t().app, "PUT", `/api/v1/courses/${draft.id}`, { status: "draft" }, admin)).status).toBe(200);
    await expect(learning.enroll(draft.slug, user)).rejects.toMatchObject({ status: 404 });
    const enrolments = await db().selectFrom("enrollments").select("course_id").where("user_id", "=", user._id).execute();
    expect(enrolments).toEqual([{ course_id: course.id }]);
  });

  it("enrols and records lesson visits of many learners at the same moment, on PostgreSQL committed together", async () => {
    const course = await createCourse(t().app, admin, 1);
    const users = await learnerAccounts(t().app, db(), 8);
    const learning = serviceWith(db(), "not asked when enrolling or opening a lesson");
    const lesson = course.lessons[0] as string;
    const enrolments = await statementsSentToPostgres(() => Promise.all(users.map((user) => learning.enroll(course.id, user))));
    expect(enrolments.value).toEqual(users.map(() => ({ courseId: course.id, enrolledAt: expect.any(String) })));
    const visits = await statementsSentToPostgres(() => Promise.all(users.map((user) => learning.recordVisit(lesson, user))));
    const rows = await db().selectFrom("enrollments").select(["user_id", "last_lesson_id"]).where("course_id", "=", course.id).orderBy("user_id").execute();
    expect(rows).toEqual(users.map((user) => ({ user_id: user._id, last_lesson_id: lesson })).sort((a, b) => a.user_id.localeCompare(b.user_id)));
    if (t().dialect !== "postgres") return;
    // On PostgreSQL each is one group: BEGIN, the eight statements, COMMIT, sent together (the job
    // workers' statements aside).
    const expected = ["begin", ...users.map(() => "write"), "commit"];
    expect(groupAround(enrolments.texts, 'insert into "enrollments"', users.length)).toEqual(expected);
    expect(groupAround(visits.texts, 'update "enrollments"', users.length)).toEqual(expected);
  });

  const completionsOf = (lessonId: string) => db().selectFrom("lesson_completions").select("id").where("lesson_id", "=", lessonId).execute();
  it("stores the completions of one moment together, each answered its own outcome", async () => {
    const course = await createCourse(t().app, admin, 3);
    const [first, second] = course.lessons as [string, string];
    const learning = serviceWith(db(), "not asked for lessons that do not finish their course");
    const [doneBefore, stranger, ...enrolled] = await learnerAccounts(t().app, db(), 8);
    if (!doneBefore || !stranger) throw new Error("no learners");
    for (const user of [doneBefore, ...enrolled]) await learning.enroll(course.id, user);
    await learning.completeLesson(first, doneBefore);
    const asked = [
      ...enrolled.map((user) => ({ lesson: first, user })),
      { lesson: first, user: doneBefore },
      { lesson: first, user: stranger },
      { lesson: "no-such-lesson", user: enrolled[0] },
    ];
    const { value: outcomes, texts } = await statementsSentToPostgres(() =>
      Promise.all(
        asked.map(({ lesson, user }) =>
          learning.completeLesson(lesson, user as typeof stranger).then(
            (completed) => completed,
            (err: { status?: number; message?: string }) => ({ status: err.status, message: err.message }),
          ),
        ),
      ),
    );
    expect(outcomes).toEqual([
      ...enrolled.map(() => ({ lessonId: first, courseId: course.id, completedLessons: 1, totalLessons: 3, progressPercentage: 33 })),
      { status: 409, message: LEARNING_MESSAGES.alreadyCompleted },
      { status: 403, message: LEARNING_MESSAGES.mustEnroll },
      { status: 404, message: LEARNING_MESSAGES.lessonNotFound },
    ]);
    expect((await completionsOf(first)).length).toBe(enrolled.length + 1);
    // Each learner's next lesson counts the one before.
    expect(await learning.completeLesson(second, enrolled[1] as typeof stranger)).toMatchObject({ completedLessons: 2, totalLessons: 3 });
    if (t().dialect !== "postgres") return;
    // The moment's first completion of each learner in one transaction of two statements (the
    // lessons with the locks, the completions with the counts); the learner asking twice, for an
    // unknown lesson, in the next one, which finds no lesson and inserts nothing.
    expect(texts.filter((text) => text.includes("unnest("))).toHaveLength(3);
    expect(texts.filter((text) => text === "commit")).toHaveLength(2);
  });

  it("answers a completion whose transaction fails alone: the others of its moment are stored", async () => {
    const single = await createCourse(t().app, admin, 1);
    const longer = await createCourse(t().app, admin, 3);
    // Finishing a course reads the learner's assessment standing, which fails in this service.
    const learning = serviceWith(db(), "the assessment standing could not be read");
    const [finisher, ...others] = await learnerAccounts(t().app, db(), 5);
    if (!finisher) throw new Error("no learners");
    await learning.enroll(single.id, finisher);
    for (const user of others) await learning.enroll(longer.id, user);
    const outcomes = await Promise.allSettled([
      learning.completeLesson(single.lessons[0] as string, finisher),
      ...others.map((user) => learning.completeLesson(longer.lessons[0] as string, user)),
    ]);
    expect(outcomes[0]).toMatchObject({ status: "rejected", reason: { message: "the assessment standing could not be read" } });
    expect(outcomes.slice(1)).toEqual(others.map(() => ({ status: "fulfilled", value: expect.objectContaining({ completedLessons: 1, totalLessons: 3 }) })));
    expect((await completionsOf(single.lessons[0] as string)).length).toBe(0);
    expect((await completionsOf(longer.lessons[0] as string)).length).toBe(others.length);
  });

  it("finishes the course when its last two lessons are completed at the same moment", async () => {
    const course = await createCourse(t().app, admin, 2);
    const learners = await Promise.all(Array.from({ length: 6 }, () => learner(course.id)));
    await Promise.all(learners.map((user) => Promise.all(course.lessons.map((lesson) => complete(lesson as string, user.token)))));
    for (const user of learners) {
      // Of the two, the second one held the enrolment after the first committed, and counted it.
      const enrolment = await db()
        .selectFrom("enrollments")
        .select("completed_at")
        .where("user_id", "=", user.id)
        .where("course_id", "=", course.id)
        .executeTakeFirst();
      expect(enrolment?.completed_at).toEqual(expect.any(String));
    }
  });

  it("counts a course complete when every one of its lessons is done, counted from its lessons: a lesson added later reopens it", async () => {
    const course = await createCourse(t().app, admin, 2);
    const user = await learner(course.id);
    // The course's stored lesson count is the catalogue's figure: out of step, it decides nothing.
    await db().updateTable("courses").set({ total_lessons: 1 }).where("id", "=", course.id).execute();
    expect((await complete(course.lessons[0] as string, user.token)).body.data).toMatchObject({ completedLessons: 1, totalLessons: 2 });
    expect(await certificatesOf(user.id)).toHaveLength(0);
    const status = await api(t().app, "GET", `/api/v1/courses/${course.id}/enrollment-status`, undefined, user.token);
    expect(status.body.data.progress).toMatchObject({ completedLessons: 1, totalLessons: 2, progressPercentage: 50 });
    expect(
      (await api(t().app, "GET", "/api/v1/me/learning", undefined, user.token)).body.data.inProgress.map((c: { courseId: string }) => c.courseId),
    ).toContain(course.id);

    expect((await complete(course.lessons[1] as string, user.token)).body.data).toMatchObject({
      completedLessons: 2,
      totalLessons: 2,
      progressPercentage: 100,
    });
    const finished = await db().selectFrom("enrollments").select("completed_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(finished.completed_at).not.toBeNull();
    const [certificate] = await certificatesOf(user.id);
    expect(certificate).toMatchObject({ basis: "lessons", lesson_count: 2, issued_at: finished.completed_at });
    expect(
      (await api(t().app, "GET", "/api/v1/me/learning", undefined, user.token)).body.data.completed.map((c: { courseId: string }) => c.courseId),
    ).toContain(course.id);

    expect((await addLesson(course.id)).status).toBe(201);
    const reopened = await db().selectFrom("enrollments").select("completed_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(reopened.completed_at).toBeNull();
    const mine = await api(t().app, "GET", "/api/v1/me/learning", undefined, user.token);
    expect(mine.body.data.inProgress.map((c: { courseId: string }) => c.courseId)).toContain(course.id);
    expect(mine.body.data.completed.map((c: { courseId: string }) => c.courseId)).not.toContain(course.id);
    // The certificate names the version the learner completed, and stays valid.
    expect((await api(t().app, "GET", `/api/v1/certificates/${certificate?.code}`)).status).toBe(200);
  });

  it("issues a certificate with the write that earns it; reading certificates and courses issues none", async () => {
    const course = await createCourse(t().app, admin, 1);
    const user = await learner(course.id);
    expect(await complete(course.lessons[0] as string, user.token)).toMatchObject({ status: 200 });
    const [issued] = await certificatesOf(user.id);
    const completion = await db().selectFrom("lesson_completions").select("completed_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(issued).toMatchObject({ course_id: course.id, basis: "lessons", issued_at: completion.completed_at });

    // A learner with every lesson done and no certificate (as a database from before the rule may hold).
    await db().deleteFrom("certificates").where("user_id", "=", user.id).execute();
    const before = await countRows(db(), "certificates");
    expect(await api(t().app, "GET", `/api/v1/courses/${course.id}/certificate`, undefined, user.token)).toMatchObject({
      status: 403,
      body: { message: LEARNING_MESSAGES.certificateNotReady },
    });
    expect((await api(t().app, "GET", "/api/v1/me/learning", undefined, user.token)).status).toBe(200);
    expect((await api(t().app, "GET", `/api/v1/me/courses/${course.id}`, undefined, user.token)).body.data.certificate).toBeNull();
    expect((await api(t().app, "GET", `/api/v1/admin/users/${user.id}`, undefined, admin)).body.data.certificates).toEqual([]);
    expect(await countRows(db(), "certificates")).toBe(before);
  });

  it("finishes a learner whose only lesson not done is deleted, and issues their certificate", async () => {
    const course = await createCourse(t().app, admin, 2);
    const user = await learner(course.id);
    const other = await learner(course.id);
    await complete(course.lessons[0] as string, user.token);
    const removed = await t().app.inject({ method: "DELETE", url: `/api/v1/lessons/${course.lessons[1]}`, headers: { authorization: `Bearer ${admin}` } });
    expect(removed.statusCode).toBe(204);
    const enrolment = await db().selectFrom("enrollments").select("completed_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(enrolment.completed_at).not.toBeNull();
    expect(await certificatesOf(user.id)).toMatchObject([{ course_id: course.id, basis: "lessons", lesson_count: 1, learner_name: "Ada Lovelace" }]);
    expect(await certificatesOf(other.id)).toHaveLength(0);
  });

  it("marks finished, and certifies, a learner with every lesson done whom no write marked (data from before the rule) at the next lesson write", async () => {
    const course = await createCourse(t().app, admin, 1);
    const user = await learner(course.id);
    await complete(course.lessons[0] as string, user.token);
    await db().updateTable("enrollments").set({ completed_at: null }).where("user_id", "=", user.id).execute();
    await db().deleteFrom("certificates").where("user_id", "=", user.id).execute();
    expect((await api(t().app, "PUT", `/api/v1/lessons/${course.lessons[0]}`, { title: "Step 1, revised" }, admin)).status).toBe(200);
    const enrolment = await db().selectFrom("enrollments").select("completed_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(enrolment.completed_at).not.toBeNull();
    expect(await certificatesOf(user.id)).toMatchObject([{ course_id: course.id, basis: "lessons", lesson_count: 1 }]);
  });

  it("needs the pass where the course has an assessment: the pass issues it, or the last lesson done after the pass", async () => {
    const course = await createCourse(t().app, admin, 1);
    await withAssessment(course.id);
    const user = await learner(course.id);
    await complete(course.lessons[0] as string, user.token);
    expect(await certificatesOf(user.id)).toHaveLength(0);
    expect(await api(t().app, "GET", `/api/v1/courses/${course.id}/certificate`, undefined, user.token)).toMatchObject({
      status: 403,
      body: { message: LEARNING_MESSAGES.certificateNeedsPass },
    });
    const attempt = await api(t().app, "POST", `/api/v1/courses/${course.id}/assessment/attempts`, undefined, user.token);
    // A lesson added while the attempt is open: the pass alone does not finish the course.
    const added = await addLesson(course.id);
    const graded = await api(t().app, "POST", `/api/v1/assessment-attempts/${attempt.body.data.id}/submit`, { answers: PASSING }, user.token);
    expect(graded.body.data).toMatchObject({ result: { passed: true, score: 100 }, certificateCode: null });
    expect(await certificatesOf(user.id)).toHaveLength(0);

    const done = await complete(added.body.data._id, user.token);
    expect(done.status).toBe(200);
    const [certificate] = await certificatesOf(user.id);
    expect(certificate).toMatchObject({ basis: "assessment", score: 100, attempt_id: attempt.body.data.id, lesson_count: 2 });
    const status = await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, user.token);
    expect(status.body.data.learner).toMatchObject({ passed: true, unlocked: true, certificateCode: certificate?.code });
  });

  it("stores the last lesson's completion and the certificate together, or neither", async () => {
    const course = await createCourse(t().app, admin, 1);
    const user = await learner(course.id);
    const failing = serviceWith(db(), "the assessment standing could not be read");
    const account = await accountOf(user.id);
    await expect(failing.completeLesson(course.lessons[0] as string, account)).rejects.toThrow("could not be read");
    expect(await db().selectFrom("lesson_completions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    expect(await certificatesOf(user.id)).toHaveLength(0);
  });
});
