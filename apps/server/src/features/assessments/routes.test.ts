import { beforeAll, describe, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES, type AuthoredQuestion, type Attempt, type SubmitAttemptInput } from "@vestin/shared/assessments";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, learnerAccounts, signedInUser, statementsSentToPostgres } from "../../../test/helpers.ts";

/** One question of each type, and fillers, with answers the tests know. */
const QUESTIONS: AuthoredQuestion[] = [
  {
    id: "spv",
    type: "single",
    prompt: "What holds the building?",
    options: ["The token contract", "An SPV", "The tenants", "The registry"],
    answer: 1,
    explanation: "An SPV owns it.",
  },
  {
    id: "costs",
    type: "multiple",
    prompt: "Which come out before distributions?",
    options: ["Vacancy", "Management", "Token price", "Reserves", "Gas of buyers", "Insurance"],
    answers: [0, 1, 3, 5],
    explanation: "Costs and reserves.",
  },
  { id: "deed", type: "truefalse", prompt: "A token is a slice of the deed.", answer: false, explanation: "It is a share of the SPV." },
  {
    id: "yield",
    type: "numeric",
    prompt: "Net income 45,000 on 1,000,000: yield in %?",
    answer: 4.5,
    tolerance: 0.05,
    unit: "%",
    explanation: "45,000 / 1,000,000 = 4.5 %.",
  },
  {
    id: "custody",
    type: "single",
    prompt: "Who keeps the keys?",
    options: ["A custodian", "The tenant", "The notary"],
    answer: 0,
    explanation: "A regulated custodian.",
  },
];
const RIGHT: Record<string, unknown> = { spv: "1", costs: ["0", "1", "3", "5"], deed: false, yield: 4.5, custody: "0" };
const answersOf = (map: Record<string, unknown>) => Object.entries(map).map(([questionId, answer]) => ({ questionId, answer }));

describeEachDatabase("assessments", (t) => {
  let admin = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
  });
  const learner = () => signedInUser(t().app, t().database.db);

  /** A fresh course with n lessons and the five questions above, all five in every attempt (pass mark 60 %). */
  const makeCourse = async (lessons: number, settings: Record<string, unknown> = {}) => {
    const { id, lessons: ids } = await createCourse(t().app, admin, lessons);
    const put = await api(
      t().app,
      "PUT",
      `/api/v1/admin/courses/${id}/assessment`,
      { passMark: 60, maxAttempts: 3, timeLimitMinutes: null, questionsPerAttempt: QUESTIONS.length, questions: QUESTIONS, ...settings },
      admin,
    );
    expect(put.status).toBe(200);
    return { id, lessons: ids };
  };
  /** A learner enrolled in the course with every lesson done. */
  const readyLearner = async (course: { id: string; lessons: string[] }) => {
    const user = await learner();
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    for (const lesson of course.lessons) expect((await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, user.token)).status).toBe(200);
    return user;
  };
  const start = (courseId: string, token: string) => api(t().app, "POST", `/api/v1/courses/${courseId}/assessment/attempts`, undefined, token);
  const submit = (attemptId: string, token: string, answers: unknown) =>
    api(t().app, "POST", `/api/v1/assessment-attempts/${attemptId}/submit`, { answers }, token);

  it("gives every seeded course an assessment of at least 10 questions, and shows its rules to visitors", async () => {
    const list = await api(t().app, "GET", "/api/v1/courses?limit=100");
    expect(list.body.data).toHaveLength(14);
    for (const course of list.body.data as Array<{ slug: string }>) {
      const res = await api(t().app, "GET", `/api/v1/courses/${course.slug}/assessment`);
      expect(res.status, course.slug).toBe(200);
      expect(res.body.data).toMatchObject({ passMark: 70, maxAttempts: 3, attemptWindowHours: 24, timeLimitMinutes: null, learner: null });
      expect(res.body.data.questionCount, course.slug).toBeGreaterThanOrEqual(10);
    }
    expect((await api(t().app, "GET", "/api/v1/courses/no-such-course/assessment")).status).toBe(404);
  });

  it("opens only to an enrolled learner who has done every lesson", async () => {
    const course = await makeCourse(2);
    const stranger = await learner();
    expect((await start(course.id, "")).status).toBe(401);
    expect(await start(course.id, stranger.token)).toMatchObject({ status: 403, body: { message: ASSESSMENT_MESSAGES.notEnrolled } });
    await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, stranger.token);
    expect(await start(course.id, stranger.token)).toMatchObject({ status: 403, body: { message: ASSESSMENT_MESSAGES.locked } });
    const status = await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, stranger.token);
    expect(status.body.data.learner).toMatchObject({ enrolled: true, unlocked: false, lessonsRemaining: 2, attemptsUsed: 0, attemptsLeft: 3 });
    await api(t().app, "POST", `/api/v1/lessons/${course.lessons[0]}/complete`, undefined, stranger.token);
    await api(t().app, "POST", `/api/v1/lessons/${course.lessons[1]}/complete`, undefined, stranger.token);
    expect((await start(course.id, stranger.token)).status).toBe(201);
  });

  it("sends shuffled questions without answers, and gives back the open attempt instead of a new one", async () => {
    const course = await makeCourse(1, { maxAttempts: 20 });
    const user = await readyLearner(course);
    const first = await start(course.id, user.token);
    expect(first.status).toBe(201);
    const attempt = first.body.data as Attempt;
    expect(attempt).toMatchObject({ status: "open", result: null, certificateCode: null, timeLimitMinutes: null });
    expect(attempt.questions.map((q) => q.id).sort()).toEqual(QUESTIONS.map((q) => q.id).sort());
    const raw = JSON.stringify(first.body);
    for (const secret of ["explanation", "answer", "An SPV owns it", "tolerance", "lesson"]) expect(raw).not.toContain(secret);
    expect(attempt.questions.find((q) => q.id === "yield")).toMatchObject({ type: "numeric", options: [], unit: "%" });
    expect(attempt.questions.find((q) => q.id === "deed")?.options).toEqual([]);
    // Two hours to answer when untimed.
    expect(Date.parse(attempt.expiresAt) - Date.parse(attempt.startedAt)).toBe(2 * 3_600_000);

    const again = await start(course.id, user.token);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(attempt.id);

    // Over many attempts, the six options of "costs" do not always come in one order.
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const open = await start(course.id, user.token);
      orders.add(
        open.body.data.questions
          .find((q: { id: string }) => q.id === "costs")
          .options.map((o: { id: string }) => o.id)
          .join(""),
      );
      expect((await submit(open.body.data.id, user.token, [])).status).toBe(200);
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it("grades each question type on the server, hides the key after a failed attempt, and issues the certificate for a pass", async () => {
    const course = await makeCourse(2);
    const user = await readyLearner(course);
    // Before a pass there is no certificate, though every lesson is done.
    expect(await api(t().app, "GET", `/api/v1/courses/${course.id}/certificate`, undefined, user.token)).toMatchObject({
      status: 403,
      body: { message: LEARNING_MESSAGES.certificateNeedsPass },
    });

    const failing = (await start(course.id, user.token)).body.data as Attempt;
    const wrong = await submit(failing.id, user.token, answersOf({ spv: "0", costs: ["0", "1", "3"], deed: true, yield: 4.6, custody: "0" }));
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toMatchObject({
      status: "submitted",
      certificateCode: null,
      result: { correct: 1, total: 5, score: 20, passMark: 60, passed: false, keyShown: false, reviewPolicy: "after-pass-or-attempts-used" },
    });
    const results = Object.fromEntries((wrong.body.data as Attempt).result!.questions.map((r) => [r.questionId, r]));
    expect(results.spv).toEqual({ questionId: "spv", outcome: "wrong", given: "0", lesson: null, solution: null });
    expect(results.costs).toMatchObject({ outcome: "wrong", given: ["0", "1", "3"], solution: null });
    expect(results.deed).toMatchObject({ outcome: "wrong", given: true, solution: null });
    expect(results.yield).toMatchObject({ outcome: "wrong", given: 4.6, solution: null });
    expect(results.custody).toMatchObject({ outcome: "right", solution: null });
    expect(JSON.stringify(wrong.body)).not.toContain("An SPV owns it.");

    // Within the tolerance, options in any order, one question left out: 4 of 5 = 80 %.
    const passing = (await start(course.id, user.token)).body.data as Attempt;
    const right = await submit(passing.id, user.token, answersOf({ spv: "1", costs: ["5", "3", "1", "0"], deed: false, yield: 4.54 }));
    expect(right.body.data).toMatchObject({ result: { correct: 4, score: 80, passed: true, keyShown: true } });
    const passed = Object.fromEntries((right.body.data as Attempt).result!.questions.map((r) => [r.questionId, r]));
    expect(passed.custody).toMatchObject({ outcome: "unanswered", given: null, solution: { rightAnswer: "0", explanation: "A regulated custodian." } });
    expect(passed.yield).toMatchObject({ outcome: "right", solution: { rightAnswer: 4.5, tolerance: 0.05 } });
    // Once passed, the earlier failed attempt's review shows the key too.
    const earlier = await api(t().app, "GET", `/api/v1/assessment-attempts/${failing.id}`, undefined, user.token);
    const reviewed = Object.fromEntries((earlier.body.data as Attempt).result!.questions.map((r) => [r.questionId, r]));
    expect(reviewed.spv).toMatchObject({ outcome: "wrong", given: "0", solution: { rightAnswer: "1", explanation: "An SPV owns it." } });
    expect(reviewed.costs?.solution?.rightAnswer).toEqual(["0", "1", "3", "5"]);
    const code = right.body.data.certificateCode as string;
    expect(code).toMatch(/^VST-/);
    const verified = await api(t().app, "GET", `/api/v1/certificates/${code}`);
    expect(verified.body.data).toMatchObject({ basis: "assessment", score: 80, courseId: course.id });
    const pdf = await t().app.inject({ method: "GET", url: `/api/v1/courses/${course.id}/certificate`, headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["x-certificate-code"]).toBe(code);

    const status = (await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, user.token)).body.data.learner;
    expect(status).toMatchObject({ passed: true, bestScore: 80, attemptsUsed: 2, attemptsLeft: 1, certificateCode: code, openAttempt: null });
    expect(status.attempts.map((a: { score: number }) => a.score)).toEqual([80, 20]);
  });

  it("allows 3 attempts in 24 hours (429 with Retry-After), and the best one counts", async () => {
    const course = await makeCourse(1);
    const user = await readyLearner(course);
    for (const answers of [{ spv: "1", costs: ["0", "1", "3", "5"], deed: false, yield: 4.5, custody: "0" }, { spv: "0" }, { deed: false }]) {
      const attempt = (await start(course.id, user.token)).body.data as Attempt;
      expect((await submit(attempt.id, user.token, answersOf(answers))).status).toBe(200);
    }
    const refused = await start(course.id, user.token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain("3 attempts");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    const status = (await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, user.token)).body.data.learner;
    expect(status).toMatchObject({ attemptsLeft: 0, bestScore: 100, passed: true });
    expect(Date.parse(status.nextAttemptAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // An attempt older than 24 hours frees a place.
    await t()
      .database.db.updateTable("assessment_attempts")
      .set({ started_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where("id", "=", status.attempts.at(-1).id)
      .execute();
    expect((await start(course.id, user.token)).status).toBe(201);
  });

  it("refuses answers that do not fit the attempt with a 400 and stores nothing", async () => {
    const course = await makeCourse(1);
    const user = await readyLearner(course);
    const attempt = (await start(course.id, user.token)).body.data as Attempt;
    const cases: Array<[unknown, string]> = [
      [answersOf({ nope: "1" }), ASSESSMENT_MESSAGES.unknownQuestion],
      [
        [
          { questionId: "spv", answer: "1" },
          { questionId: "spv", answer: "2" },
        ],
        ASSESSMENT_MESSAGES.duplicateAnswer,
      ],
      [answersOf({ spv: true }), ASSESSMENT_MESSAGES.wrongAnswerType],
      [answersOf({ yield: "4.5" }), ASSESSMENT_MESSAGES.wrongAnswerType],
      [answersOf({ costs: "0" }), ASSESSMENT_MESSAGES.wrongAnswerType],
      [answersOf({ spv: "9" }), ASSESSMENT_MESSAGES.unknownOption],
      [answersOf({ custody: "3" }), ASSESSMENT_MESSAGES.unknownOption],
      [answersOf({ costs: ["0", "0"] }), ASSESSMENT_MESSAGES.duplicateAnswer],
    ];
    for (const [answers, message] of cases) expect(await submit(attempt.id, user.token, answers), message).toMatchObject({ status: 400, body: { message } });
    expect((await submit(attempt.id, user.token, "all")).status).toBe(400);
    expect((await submit(attempt.id, user.token, [{ questionId: "spv", answer: "1", extra: 1 }])).status).toBe(400);
    const row = await t().database.db.selectFrom("assessment_attempts").selectAll().where("id", "=", attempt.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ submitted_at: null, score: null, answers: null });
    expect((await submit(attempt.id, user.token, answersOf(RIGHT))).body.data.result.score).toBe(100);
  });

  it("keeps attempts private: another learner's id is a 404 to read and to submit", async () => {
    const course = await makeCourse(1);
    const owner = await readyLearner(course);
    const other = await readyLearner(course);
    const attempt = (await start(course.id, owner.token)).body.data as Attempt;
    expect((await api(t().app, "GET", `/api/v1/assessment-attempts/${attempt.id}`, undefined, other.token)).status).toBe(404);
    expect((await submit(attempt.id, other.token, answersOf(RIGHT))).status).toBe(404);
    expect((await api(t().app, "GET", `/api/v1/assessment-attempts/${attempt.id}`)).status).toBe(401);
    const mine = await api(t().app, "GET", `/api/v1/assessment-attempts/${attempt.id}`, undefined, owner.token);
    expect(mine.body.data).toMatchObject({ id: attempt.id, status: "open", result: null });
  });

  it("opens one attempt for starts sent at once: the others give it back", async () => {
    const course = await makeCourse(1, { maxAttempts: 5 });
    const user = await readyLearner(course);
    const starts = await Promise.all(Array.from({ length: 6 }, () => start(course.id, user.token)));
    expect(starts.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(starts.map((r) => (r.body.data as Attempt).id));
    expect(ids.size).toBe(1);
    const stored = await t()
      .database.db.selectFrom("assessment_attempts")
      .select("id")
      .where("user_id", "=", user.id)
      .where("course_id", "=", course.id)
      .execute();
    expect(stored.map((r) => r.id)).toEqual([...ids]);
  });

  it("grades the submissions of one moment together, each answered its own outcome", async () => {
    const course = await makeCourse(1, { maxAttempts: 5 });
    // Learners readied through the services: sign-ups through the API would spend the test
    // address's registration allowance that the tests after this one need.
    const { app } = t();
    const accounts = await learnerAccounts(app, t().database.db, 5);
    const [passer, failer, stranger, careless, late] = accounts;
    if (!passer || !failer || !stranger || !careless || !late) throw new Error("no learners");
    const attemptOf = async (user: typeof passer) => {
      await app.learning.enroll(course.id, user);
      await app.learning.completeLesson(course.lessons[0] as string, user);
      return (await app.assessments.start(course.id, user)).attempt.id;
    };
    const [passing, failing, careless1, late1] = [await attemptOf(passer), await attemptOf(failer), await attemptOf(careless), await attemptOf(late)];
    await t()
      .database.db.updateTable("assessment_attempts")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", late1)
      .execute();
    const asks = [
      { id: passing, user: passer, answers: answersOf(RIGHT) },
      { id: failing, user: failer, answers: answersOf({ spv: "0" }) },
      { id: passing, user: stranger, answers: answersOf(RIGHT) },
      { id: careless1, user: careless, answers: [{ questionId: "no-such-question", answer: "1" }] },
      { id: late1, user: late, answers: answersOf(RIGHT) },
    ];
    const { value: outcomes, texts } = await statementsSentToPostgres(() =>
      Promise.all(
        asks.map((ask) =>
          app.assessments.submit(ask.id, ask.user, { answers: ask.answers } as SubmitAttemptInput).then(
            (attempt) => ({ status: 200, score: attempt.result?.score, certificate: attempt.certificateCode }),
            (err: { status?: number; message?: string }) => ({ status: err.status, message: err.message }),
          ),
        ),
      ),
    );
    expect(outcomes).toEqual([
      { status: 200, score: 100, certificate: expect.any(String) },
      { status: 200, score: 0, certificate: null },
      { status: 404, message: ASSESSMENT_MESSAGES.attemptNotFound },
      { status: 400, message: ASSESSMENT_MESSAGES.unknownQuestion },
      { status: 409, message: ASSESSMENT_MESSAGES.expired },
    ]);
    const stored = await t()
      .database.db.selectFrom("assessment_attempts")
      .select(["id", "score"])
      .where("id", "in", [passing, failing, careless1, late1])
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.score]))).toEqual({ [passing]: 100, [failing]: 0, [careless1]: null, [late1]: null });
    if (t().dialect !== "postgres") return;
    // One read of the five learners' attempts, one statement grading the two that could be graded.
    expect(texts.filter((text) => text.includes('"asked"'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes("from unnest("))).toHaveLength(1);
  });

  it("grades exactly one of two submissions sent at once, and refuses one after expiry", async () => {
    const course = await makeCourse(1, { maxAttempts: 5 });
    const user = await readyLearner(course);
    const attempt = (await start(course.id, user.token)).body.data as Attempt;
    const both = await Promise.all([submit(attempt.id, user.token, answersOf(RIGHT)), submit(attempt.id, user.token, answersOf({ spv: "0" }))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe(ASSESSMENT_MESSAGES.alreadySubmitted);
    const stored = await t().database.db.selectFrom("assessment_attempts").select(["score"]).where("id", "=", attempt.id).executeTakeFirstOrThrow();
    expect(stored.score).toBe(both.find((r) => r.status === 200)?.body.data.result.score);

    const late = (await start(course.id, user.token)).body.data as Attempt;
    await t()
      .database.db.updateTable("assessment_attempts")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", late.id)
      .execute();
    expect(await submit(late.id, user.token, answersOf(RIGHT))).toMatchObject({ status: 409, body: { message: ASSESSMENT_MESSAGES.expired } });
    expect((await api(t().app, "GET", `/api/v1/assessment-attempts/${late.id}`, undefined, user.token)).body.data.status).toBe("expired");
    // The expired attempt is not resumed: a new one starts.
    const next = await start(course.id, user.token);
    expect(next.status).toBe(201);
    expect(next.body.data.id).not.toBe(late.id);
  });

  it("times an attempt in timed mode", async () => {
    const course = await makeCourse(1, { timeLimitMinutes: 15 });
    const user = await readyLearner(course);
    const attempt = (await start(course.id, user.token)).body.data as Attempt;
    expect(attempt.timeLimitMinutes).toBe(15);
    expect(Date.parse(attempt.expiresAt) - Date.parse(attempt.startedAt)).toBe(15 * 60_000);
  });

  it("grades an attempt against its own copy when the author edits the assessment meanwhile", async () => {
    const course = await makeCourse(1);
    const user = await readyLearner(course);
    const attempt = (await start(course.id, user.token)).body.data as Attempt;
    const edited = QUESTIONS.map((q) => (q.id === "spv" && q.type === "single" ? { ...q, answer: 2 } : q));
    expect((await api(t().app, "PUT", `/api/v1/admin/courses/${course.id}/assessment`, { questionsPerAttempt: 5, questions: edited }, admin)).status).toBe(200);
    expect((await submit(attempt.id, user.token, answersOf(RIGHT))).body.data.result.score).toBe(100);
  });

  it("keeps progress honest when a lesson is added: the course is to finish again, the certificate stays valid", async () => {
    const course = await makeCourse(2);
    const user = await readyLearner(course);
    const attempt = (await start(course.id, user.token)).body.data as Attempt;
    const code = (await submit(attempt.id, user.token, answersOf(RIGHT))).body.data.certificateCode as string;
    expect(code).toMatch(/^VST-/);
    const added = await api(
      t().app,
      "POST",
      "/api/v1/lessons",
      { courseId: course.id, title: "Lesson 3", markdown: "## New\n\nText.", duration: "10 min" },
      admin,
    );
    expect(added.status).toBe(201);
    const lessons = await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, user.token);
    expect(lessons.body.data.course.userProgress).toMatchObject({ completedLessons: 2, totalLessons: 3, progressPercentage: 67 });
    expect(lessons.body.data.lessons.data.find((l: { _id: string }) => l._id === added.body.data._id)).toMatchObject({ isCompleted: false, isCurrent: true });
    const enrollment = await t().database.db.selectFrom("enrollments").select("completed_at").where("course_id", "=", course.id).executeTakeFirstOrThrow();
    expect(enrollment.completed_at).toBeNull();
    expect((await api(t().app, "GET", `/api/v1/certificates/${code}`)).body.data).toMatchObject({ basis: "assessment", score: 100 });
    const status = (await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, user.token)).body.data.learner;
    expect(status).toMatchObject({ unlocked: false, lessonsRemaining: 1, passed: true, certificateCode: code });
  });

  it("issues a lessons-only certificate for a course without an assessment, and keeps old certificates valid", async () => {
    const course = await makeCourse(1);
    expect((await api(t().app, "DELETE", `/api/v1/admin/courses/${course.id}/assessment`, undefined, admin)).status).toBe(204);
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`)).status).toBe(404);
    const user = await readyLearner(course);
    const pdf = await t().app.inject({ method: "GET", url: `/api/v1/courses/${course.id}/certificate`, headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.statusCode).toBe(200);
    const verified = await api(t().app, "GET", `/api/v1/certificates/${pdf.headers["x-certificate-code"]}`);
    expect(verified.body.data).toMatchObject({ basis: "lessons", score: null });
  });

  describe("authors", () => {
    it("validates an assessment before saving it, admins only", async () => {
      const course = await makeCourse(1);
      const user = await learner();
      expect((await api(t().app, "GET", `/api/v1/admin/courses/${course.id}/assessment`, undefined, user.token)).status).toBe(403);
      expect((await api(t().app, "PUT", `/api/v1/admin/courses/${course.id}/assessment`, { questions: QUESTIONS }, user.token)).status).toBe(403);
      const bad: Array<[string, unknown]> = [
        ["single answer out of range", QUESTIONS.map((q) => (q.id === "spv" ? { ...q, answer: 7 } : q))],
        ["multiple with no right option", QUESTIONS.map((q) => (q.id === "costs" ? { ...q, answers: [] } : q))],
        ["numeric answer not a number", QUESTIONS.map((q) => (q.id === "yield" ? { ...q, answer: "4,5" } : q))],
        ["duplicate ids", QUESTIONS.map((q) => ({ ...q, id: "same" }))],
        ["too few questions", QUESTIONS.slice(0, 3)],
      ];
      for (const [what, questions] of bad) {
        const res = await api(t().app, "PUT", `/api/v1/admin/courses/${course.id}/assessment`, { questionsPerAttempt: 5, questions }, admin);
        expect(res.status, what).toBe(400);
      }
      // More questions per attempt than the bank holds, or a review policy that does not exist.
      const greedy = await api(t().app, "PUT", `/api/v1/admin/courses/${course.id}/assessment`, { questionsPerAttempt: 6, questions: QUESTIONS }, admin);
      expect(greedy).toMatchObject({ status: 400, body: { message: ASSESSMENT_MESSAGES.tooFewInBank } });
      const byDefault = await api(t().app, "PUT", `/api/v1/admin/courses/${course.id}/assessment`, { questions: QUESTIONS }, admin);
      expect(byDefault, "the default of 10 per attempt does not fit 5 questions").toMatchObject({
        status: 400,
        body: { message: ASSESSMENT_MESSAGES.tooFewInBank },
      });
      for (const reviewPolicy of ["always", "", 3, null]) {
        const res = await api(
          t().app,
          "PUT",
          `/api/v1/admin/courses/${course.id}/assessment`,
          { questionsPerAttempt: 5, reviewPolicy, questions: QUESTIONS },
          admin,
        );
        expect(res.status, String(reviewPolicy)).toBe(400);
      }
      const stored = await api(t().app, "GET", `/api/v1/admin/courses/${course.id}/assessment`, undefined, admin);
      expect(stored.body.data.assessment.questions).toEqual(QUESTIONS.map((q) => (q.type === "numeric" ? { ...q } : q)));
      expect(stored.body.data.assessment).toMatchObject({ passMark: 60, maxAttempts: 3, questionsPerAttempt: 5, reviewPolicy: "after-pass-or-attempts-used" });
      const changed = { passMark: 60, maxAttempts: 3, questionsPerAttempt: 5, reviewPolicy: "never", questions: QUESTIONS };
      expect((await api(t().app, "PUT", `/api/v1/admin/courses/${course.id}/assessment`, changed, admin)).status).toBe(200);
      const again = await api(t().app, "GET", `/api/v1/admin/courses/${course.id}/assessment`, undefined, admin);
      expect(again.body.data.assessment).toMatchObject({ questionsPerAttempt: 5, reviewPolicy: "never" });
      expect((await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`)).body.data).toMatchObject({ questionCount: 5, reviewPolicy: "never" });
    });

    it("reports attempts, pass rate, average score and each question's share of right answers", async () => {
      const course = await makeCourse(1);
      for (const answers of [RIGHT, { spv: "1", deed: true }]) {
        const user = await readyLearner(course);
        const attempt = (await start(course.id, user.token)).body.data as Attempt;
        await submit(attempt.id, user.token, answersOf(answers));
      }
      const report = await api(t().app, "GET", `/api/v1/admin/courses/${course.id}/assessment/report`, undefined, admin);
      expect(report.body.data).toMatchObject({ attempts: 2, learners: 2, passed: 1, passRate: 0.5, averageScore: 60 });
      const byId = Object.fromEntries((report.body.data.questions as Array<{ id: string }>).map((q) => [q.id, q]));
      expect(byId.spv).toMatchObject({ asked: 2, answered: 2, right: 2, share: 1 });
      expect(byId.deed).toMatchObject({ answered: 2, right: 1, share: 0.5 });
      expect(byId.yield).toMatchObject({ asked: 2, answered: 1, right: 1, share: 0.5 });
    });
  });
});
