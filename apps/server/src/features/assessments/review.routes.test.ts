import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { ASSESSMENT_MESSAGES, type Attempt, type AuthoredQuestion, type ReviewPolicy } from "@vestin/shared/assessments";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../../test/helpers.ts";

/*
 * Draws and reviews: each attempt asks its own balanced draw of the bank, and a graded attempt
 * shows the right answers only when the course's review policy allows it.
 */

const LESSONS = 5;
const PER_LESSON = 3;
/** Five lessons, three single-choice questions each, four options each; the right option is the first as authored. */
const BANK: AuthoredQuestion[] = Array.from({ length: LESSONS * PER_LESSON }, (_, i) => ({
  id: `l${Math.floor(i / PER_LESSON) + 1}-q${(i % PER_LESSON) + 1}`,
  lesson: Math.floor(i / PER_LESSON) + 1,
  type: "single",
  prompt: `Question ${i + 1} of the bank`,
  options: [`right ${i}`, `wrong a ${i}`, `wrong b ${i}`, `wrong c ${i}`],
  answer: 0,
  explanation: `Secret explanation ${i}`,
}));
const PER_ATTEMPT = 5;

type Json = unknown;
/** Every key anywhere in a JSON value. */
function keysOf(value: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}
/** The shown option ids an attempt's single-choice question holds, in the order shown. */
const signature = (attempt: Attempt) =>
  attempt.questions
    .map((q) => `${q.id}:${q.options.map((o) => o.id).join("")}`)
    .sort()
    .join(",");

describeEachDatabase("assessment draws and review policies", (t) => {
  let admin = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
  });

  const makeCourse = async (settings: { reviewPolicy?: ReviewPolicy; maxAttempts?: number } = {}) => {
    const { id, lessons } = await createCourse(t().app, admin, LESSONS);
    const body = { passMark: 75, maxAttempts: 3, timeLimitMinutes: null, questionsPerAttempt: PER_ATTEMPT, questions: BANK, ...settings };
    expect((await api(t().app, "PUT", `/api/v1/admin/courses/${id}/assessment`, body, admin)).status).toBe(200);
    return { id, lessons };
  };
  const readyLearner = async (course: { id: string; lessons: string[] }) => {
    const user = await signedInUser(t().app, t().database.db);
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    for (const lesson of course.lessons) expect((await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, user.token)).status).toBe(200);
    return user;
  };
  const start = async (courseId: string, token: string) => {
    const res = await api(t().app, "POST", `/api/v1/courses/${courseId}/assessment/attempts`, undefined, token);
    expect(res.status).toBe(201);
    return { raw: res.body, attempt: res.body.data as Attempt };
  };
  const submit = (attemptId: string, token: string, answers: unknown) =>
    api(t().app, "POST", `/api/v1/assessment-attempts/${attemptId}/submit`, { answers }, token);
  const read = (attemptId: string, token: string) => api(t().app, "GET", `/api/v1/assessment-attempts/${attemptId}`, undefined, token);
  /** Option ids of the authored right option (0) or a wrong one (1) in what the attempt shows. */
  const answersFor = (attempt: Attempt, right: (index: number) => boolean) =>
    attempt.questions.map((q, index) => ({ questionId: q.id, answer: right(index) ? "0" : "1" }));
  const keyShown = (attempt: Attempt) => attempt.result?.questions.some((q) => q.solution !== null);

  it("draws one question per lesson for each attempt, keeps the draw on reload, and refuses an answer to a question not drawn", async () => {
    const course = await makeCourse({ maxAttempts: 10 });
    const user = await readyLearner(course);
    const status = await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, user.token);
    expect(status.body.data).toMatchObject({ questionCount: PER_ATTEMPT, reviewPolicy: "after-pass-or-attempts-used" });

    const { attempt } = await start(course.id, user.token);
    expect(attempt.questions).toHaveLength(PER_ATTEMPT);
    const lessonsAsked = attempt.questions.map((q) => q.id.split("-")[0]).sort();
    expect(lessonsAsked).toEqual(["l1", "l2", "l3", "l4", "l5"]);
    // A reload (the open attempt resumed, or read by id) shows the very same questions and option order.
    const resumed = await api(t().app, "POST", `/api/v1/courses/${course.id}/assessment/attempts`, undefined, user.token);
    expect(resumed.status).toBe(200);
    expect((resumed.body.data as Attempt).questions).toEqual(attempt.questions);
    expect(((await read(attempt.id, user.token)).body.data as Attempt).questions).toEqual(attempt.questions);

    const notDrawn = BANK.find((q) => !attempt.questions.some((s) => s.id === q.id));
    if (!notDrawn) throw new Error("the draw took the whole bank");
    const refused = await submit(attempt.id, user.token, [...answersFor(attempt, () => true), { questionId: notDrawn.id, answer: "0" }]);
    expect(refused).toMatchObject({ status: 400, body: { message: ASSESSMENT_MESSAGES.unknownQuestion } });
    const row = await t().database.db.selectFrom("assessment_attempts").selectAll().where("id", "=", attempt.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ submitted_at: null, score: null, answers: null, results: null });
    // Graded against the stored draw: the same answers without the stray one pass.
    expect(
      (
        await submit(
          attempt.id,
          user.token,
          answersFor(attempt, () => true),
        )
      ).body.data.result,
    ).toMatchObject({ score: 100, total: PER_ATTEMPT });
  });

  it("a blank attempt gives nothing usable for the next one, nor for another learner", async () => {
    const course = await makeCourse();
    const attacker = await readyLearner(course);
    const collected: Json[] = [];
    const first = await start(course.id, attacker.token);
    collected.push(first.raw);
    const graded = await api(t().app, "POST", `/api/v1/assessment-attempts/${first.attempt.id}/submit`, { answers: [] }, attacker.token);
    expect(graded.status).toBe(200);
    expect(graded.body.data.result).toMatchObject({ score: 0, passed: false, keyShown: false });
    collected.push(graded.body);
    collected.push((await read(first.attempt.id, attacker.token)).body);
    collected.push((await api(t().app, "GET", `/api/v1/courses/${course.id}/assessment`, undefined, attacker.token)).body);

    const loot = JSON.stringify(collected);
    const keys = keysOf(collected);
    for (const key of ["correct", "explanation", "rightAnswer", "answer", "answers", "tolerance", "isCorrect"]) {
      if (key === "correct") {
        // The only "correct" is the result's count of right answers (0), never a mark on a question or option.
        for (const q of graded.body.data.result.questions) expect(Object.keys(q)).not.toContain("correct");
        continue;
      }
      expect(keys, key).not.toContain(key);
    }
    for (const q of graded.body.data.result.questions) expect(q).toMatchObject({ outcome: "unanswered", given: null, solution: null });
    for (const q of first.attempt.questions) for (const option of q.options) expect(Object.keys(option).sort()).toEqual(["id", "text"]);
    for (const q of BANK) expect(loot).not.toContain(q.explanation);
    // The option ids are the options' authored places, shuffled: the shown order says nothing about the right one.
    expect(
      first.attempt.questions.every(
        (q) =>
          q.options
            .map((o) => o.id)
            .sort()
            .join("") === "0123",
      ),
    ).toBe(true);

    const second = await start(course.id, attacker.token);
    expect(second.attempt.id).not.toBe(first.attempt.id);
    expect(signature(second.attempt), "the next attempt draws other questions or other option orders").not.toBe(signature(first.attempt));

    const other = await readyLearner(course);
    const theirs = await start(course.id, other.token);
    const theirGrade = await submit(theirs.attempt.id, other.token, []);
    expect(theirGrade.body.data.result.questions.every((q: { solution: unknown }) => q.solution === null)).toBe(true);
    const theirLoot = JSON.stringify([theirs.raw, theirGrade.body]);
    for (const q of BANK) expect(theirLoot).not.toContain(q.explanation);
    expect(keysOf([theirs.raw, theirGrade.body])).not.toContain("rightAnswer");
  });

  it("after a failed attempt shows which of the learner's answers were wrong and the lesson to reread, and the key once every attempt is used", async () => {
    const course = await makeCourse();
    const user = await readyLearner(course);
    const { attempt } = await start(course.id, user.token);
    // Right on the first two questions shown, wrong on the other three: 40 %.
    const graded = await submit(
      attempt.id,
      user.token,
      answersFor(attempt, (i) => i < 2),
    );
    const result = (graded.body.data as Attempt).result!;
    expect(result).toMatchObject({ score: 40, passed: false, keyShown: false });
    const lessonTitles = (await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`)).body.data.lessons.data.map((l: { title: string }) => l.title);
    for (const [i, q] of attempt.questions.entries()) {
      const r = result.questions.find((x) => x.questionId === q.id);
      const lesson = Number(q.id.slice(1, 2));
      expect(r).toMatchObject({ outcome: i < 2 ? "right" : "wrong", given: i < 2 ? "0" : "1", solution: null });
      expect(r?.lesson).toMatchObject({ number: lesson, title: lessonTitles[lesson - 1] });
    }
    expect(JSON.stringify(graded.body)).not.toContain("Secret explanation");

    // Two more failed attempts use every attempt of the window: the key follows, on every attempt.
    for (let n = 0; n < 2; n++) {
      const next = (await start(course.id, user.token)).attempt;
      const res = await submit(next.id, user.token, []);
      expect(res.body.data.result.keyShown, `attempt ${n + 2}`).toBe(n === 1);
    }
    const first = (await read(attempt.id, user.token)).body.data as Attempt;
    expect(first.result?.keyShown).toBe(true);
    const wrongOne = first.result!.questions.find((q) => q.outcome === "wrong");
    const authored = BANK.find((q) => q.id === wrongOne?.questionId);
    expect(wrongOne?.solution).toEqual({ rightAnswer: "0", tolerance: null, explanation: authored?.explanation });
  });

  it("links each of two attempts at two courses, submitted at once, to its own course's lessons", async () => {
    const [first, second] = [await makeCourse(), await makeCourse()];
    await t().database.db.updateTable("lessons").set({ title: sql<string>`'Second course, ' || title` }).where("course_id", "=", second.id).execute();
    const [one, two] = [await readyLearner(first), await readyLearner(second)];
    const [a, b] = [(await start(first.id, one.token)).attempt, (await start(second.id, two.token)).attempt];
    const wrong = () => false;
    const [ra, rb] = await Promise.all([submit(a.id, one.token, answersFor(a, wrong)), submit(b.id, two.token, answersFor(b, wrong))]);
    const titles = (res: typeof ra) => (res.body.data as Attempt).result!.questions.map((q) => q.lesson?.title);
    expect(titles(ra)).toHaveLength(PER_ATTEMPT);
    expect(titles(ra).every((title) => title?.startsWith("Step "))).toBe(true);
    expect(titles(rb)).toHaveLength(PER_ATTEMPT);
    expect(titles(rb).every((title) => title?.startsWith("Second course, Step "))).toBe(true);
  });

  it("after-pass-only keeps the key through every failed attempt and shows it after a pass; never shows it at all", async () => {
    const strict = await makeCourse({ reviewPolicy: "after-pass-only", maxAttempts: 4 });
    const user = await readyLearner(strict);
    for (let n = 0; n < 4; n++) {
      const { attempt } = await start(strict.id, user.token);
      const res = await submit(attempt.id, user.token, n < 3 ? [] : answersFor(attempt, () => true));
      expect(keyShown(res.body.data), `attempt ${n + 1}`).toBe(n === 3);
      expect(res.body.data.result.reviewPolicy).toBe("after-pass-only");
    }

    const closed = await makeCourse({ reviewPolicy: "never" });
    const learner = await readyLearner(closed);
    const failed = (await start(closed.id, learner.token)).attempt;
    await submit(
      failed.id,
      learner.token,
      answersFor(failed, (i) => i === 0),
    );
    const passing = (await start(closed.id, learner.token)).attempt;
    const passed = await submit(
      passing.id,
      learner.token,
      answersFor(passing, () => true),
    );
    expect(passed.body.data.result).toMatchObject({ passed: true, keyShown: false });
    expect(passed.body.data.certificateCode).toMatch(/^VST-/);
    const earlier = (await read(failed.id, learner.token)).body.data as Attempt;
    expect(earlier.result?.questions.map((q) => q.outcome).sort()).toEqual(["right", "wrong", "wrong", "wrong", "wrong"]);
    expect(keysOf([passed.body, earlier])).not.toContain("rightAnswer");
    for (const q of BANK) expect(JSON.stringify([passed.body, earlier])).not.toContain(q.explanation);
  });
});
