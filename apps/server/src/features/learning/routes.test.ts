import { beforeAll, expect, it } from "vitest";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser, writeElsewhere } from "../../../test/helpers.ts";

type Lesson = { _id: string; lessonNumber: number; isCompleted: boolean; isCurrent: boolean; title: string; courseId: string };

describeEachDatabase("learning", (t) => {
  let admin = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
  });
  const learner = () => signedInUser(t().app, t().database.db);
  /** A fresh course with n 20-minute lessons, so tests do not share progress. */
  const makeCourse = (lessons: number) => createCourse(t().app, admin, lessons, { minutes: 20 });

  it("lists the seeded catalogue: 14 courses, paginated by 10, with track order and no progress for visitors", async () => {
    const first = await api(t().app, "GET", "/api/v1/courses");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 14, page: 1, limit: 10, pages: 2 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({ category: "Real Estate Tokenization", difficulty: "Beginner", levelColor: "green", userProgress: null });
    const second = await api(t().app, "GET", "/api/v1/courses?page=2");
    expect(second.body.data).toHaveLength(4);
    expect((await api(t().app, "GET", "/api/v1/courses?limit=500")).body.limit).toBe(100);
    for (const bad of ["?page=0", "?page=x", "?difficulty=Master", "?limit=-3"])
      expect((await api(t().app, "GET", `/api/v1/courses${bad}`)).status, bad).toBe(400);
  });

  it("filters by category and difficulty and searches title and description case-insensitively", async () => {
    const realEstate = await api(t().app, "GET", "/api/v1/courses?category=Real%20Estate%20Tokenization");
    expect(realEstate.body.total).toBe(3);
    const advanced = await api(t().app, "GET", "/api/v1/courses?difficulty=Advanced");
    expect(advanced.body.data.every((c: { difficulty: string }) => c.difficulty === "Advanced")).toBe(true);
    const search = await api(t().app, "GET", "/api/v1/courses?search=NFT");
    expect(search.body.total).toBeGreaterThanOrEqual(2);
    const literal = await api(t().app, "GET", "/api/v1/courses?search=%25_%25");
    expect(literal.status).toBe(200);
    expect(literal.body.total).toBe(0);
  });

  it("reports category analytics whose lesson totals match the courses", async () => {
    const res = await api(t().app, "GET", "/api/v1/courses/categories/analytics");
    const categories = res.body.data.categories as Array<{ category: string; courseCount: number; totalLessons: number; description: string }>;
    const byName = Object.fromEntries(categories.map((c) => [c.category, c]));
    expect(byName["Real Estate Tokenization"]).toMatchObject({ courseCount: 3, totalLessons: 30 });
    expect(byName["Physical Assets and Commodities"]).toMatchObject({ courseCount: 2, totalLessons: 17 });
    expect(byName["Securities Tokenization"]).toMatchObject({ courseCount: 2, totalLessons: 19 });
    expect(byName["NFTs and Digital Assets"]).toMatchObject({ courseCount: 2, totalLessons: 17 });
    expect(byName["Certified Tokenization Agent"]).toMatchObject({ courseCount: 1, totalLessons: 24 });
    expect(categories.every((c) => c.description.length > 20)).toBe(true);
  });

  it("serves a course and its lessons in order; unknown ids are 404 with the spec's texts", async () => {
    const course = await api(t().app, "GET", "/api/v1/courses/real-estate-01-foundations");
    expect(course.status).toBe(200);
    expect(course.body.data.totalLessons).toBe(10);
    expect(course.body.data.duration).toBeGreaterThan(100);
    const lessons = await api(t().app, "GET", `/api/v1/courses/${course.body.data._id}/lessons`);
    const data = lessons.body.data.lessons.data as Lesson[];
    expect(lessons.body.data.lessons.count).toBe(10);
    expect(data.map((l) => l.lessonNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.filter((l) => l.isCurrent).map((l) => l.lessonNumber)).toEqual([1]);
    expect(data.some((l) => l.isCompleted)).toBe(false);
    const one = await api(t().app, "GET", `/api/v1/lessons/${data[2]!._id}`);
    expect(one.body.data).toMatchObject({ lessonNumber: 3, isCompleted: false, isCurrent: false });
    expect(one.body.data.learningObjectives.length).toBeGreaterThanOrEqual(3);
    expect(one.body.data.content).toContain("<h2");
    const list = await api(t().app, "GET", `/api/v1/lessons?course=${course.body.data._id}&limit=4&page=3`);
    expect(list.body).toMatchObject({ total: 10, pages: 3 });
    expect(list.body.data.map((l: Lesson) => l.lessonNumber)).toEqual([9, 10]);

    expect((await api(t().app, "GET", "/api/v1/courses/nope")).body).toEqual({
      success: false,
      requestId: expect.any(String),
      message: LEARNING_MESSAGES.courseNotFound,
    });
    expect((await api(t().app, "GET", "/api/v1/courses/nope/lessons")).status).toBe(404);
    expect((await api(t().app, "GET", "/api/v1/lessons/nope")).body).toEqual({
      success: false,
      requestId: expect.any(String),
      message: LEARNING_MESSAGES.lessonNotFound,
    });
  });

  it("enrols once (201, then 409), reports status, and needs a token", async () => {
    const user = await learner();
    const course = await makeCourse(2);
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}/enrollment-status`)).body.message).toBe(LEARNING_MESSAGES.authRequired);
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`)).status).toBe(401);
    const before = await api(t().app, "GET", `/api/v1/courses/${course.id}/enrollment-status`, undefined, user.token);
    expect(before.body.data).toEqual({ isEnrolled: false, enrolledAt: null, progress: null });
    const enrolled = await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token);
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.data).toEqual({ courseId: course.id, enrolledAt: expect.any(String) });
    const again = await api(t().app, "POST", `/api/v1/courses/${course.slug}/enroll`, undefined, user.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LEARNING_MESSAGES.alreadyEnrolled);
    const after = await api(t().app, "GET", `/api/v1/courses/${course.id}/enrollment-status`, undefined, user.token);
    expect(after.body.data).toMatchObject({ isEnrolled: true, progress: { progressPercentage: 0, completedLessons: 0, totalLessons: 2 } });
    expect((await api(t().app, "POST", "/api/v1/courses/nope/enroll", undefined, user.token)).status).toBe(404);
    const detail = await api(t().app, "GET", `/api/v1/courses/${course.id}`, undefined, user.token);
    expect(detail.body.data).toMatchObject({ enrollmentCount: 1, userProgress: { completedLessons: 0 } });
  });

  it("counts a course's learners from its enrolments: the catalogue, the course, its lessons and the console agree, at once and after an account is deleted", async () => {
    const course = await makeCourse(2);
    const search = `/api/v1/courses?search=${encodeURIComponent(course.slug.replace(/-/g, " "))}&limit=100`;
    const counts = async (token?: string) => {
      const list = await api(t().app, "GET", search, undefined, token);
      const detail = await api(t().app, "GET", `/api/v1/courses/${course.id}`, undefined, token);
      const lessons = await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, token);
      const console = await api(t().app, "GET", "/api/v1/admin/courses", undefined, admin);
      const editor = await api(t().app, "GET", `/api/v1/admin/courses/${course.id}/lessons`, undefined, admin);
      return {
        catalogue: list.body.data.find((c: { _id: string }) => c._id === course.id)?.enrollmentCount,
        course: detail.body.data.enrollmentCount,
        lessons: lessons.body.data.course.enrollmentCount,
        console: console.body.data.find((c: { _id: string }) => c._id === course.id)?.enrollmentCount,
        editor: editor.body.data.course.enrollmentCount,
      };
    };
    const all = (n: number) => ({ catalogue: n, course: n, lessons: n, console: n, editor: n });
    // Visitors' answers are cached: asked once before the enrolment, they must not outlive it.
    expect(await counts()).toEqual(all(0));

    const first = await learner();
    const second = await learner();
    for (const who of [first, second]) expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, who.token)).status).toBe(201);
    expect(await counts()).toEqual(all(2));

    // The first learner deletes their account: their enrolment goes with it, and so does their place in
    // the count. Answers read fresh (a learner's own, the console's) say so at once; a visitor's cached
    // answer within the public cache's few seconds.
    const deleted = await api(t().app, "POST", "/api/v1/me/delete", { email: first.email, password: "correct horse" }, first.token);
    expect(deleted.status).toBe(200);
    const { lessons: _cached, ...fresh } = await counts(second.token);
    expect(fresh).toEqual({ catalogue: 1, course: 1, console: 1, editor: 1 });
  });

  it("resumes a course at the lesson opened last, or once it is done at the next lesson not done", async () => {
    const user = await learner();
    const course = await makeCourse(4);
    const [l1, l2, l3] = course.lessons as [string, string, string, string];
    const resume = async () => (await api(t().app, "GET", `/api/v1/me/courses/${course.id}`, undefined, user.token)).body.data.resume;
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    expect(await resume()).toMatchObject({ lessonId: l1, lessonNumber: 1, visitedAt: null });
    // Opened lesson 2: that is where the learner continues, done or not elsewhere.
    expect((await api(t().app, "POST", `/api/v1/me/lessons/${l2}/visit`, undefined, user.token)).status).toBe(204);
    expect(await resume()).toMatchObject({ lessonId: l2, lessonNumber: 2, visitedAt: expect.any(String) });
    // Lesson 2 done (lesson 1 not): the next lesson not done after it, lesson 3.
    expect((await api(t().app, "POST", `/api/v1/lessons/${l2}/complete`, undefined, user.token)).status).toBe(200);
    expect(await resume()).toMatchObject({ lessonId: l3, lessonNumber: 3, visitedAt: null });
    // Lessons 3 and 4 done too: back to the first lesson not done, lesson 1.
    for (const lesson of course.lessons.slice(2))
      expect((await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, user.token)).status).toBe(200);
    expect(await resume()).toMatchObject({ lessonId: l1, lessonNumber: 1, visitedAt: null });
  });

  it("completes lessons for enrolled users only, once each, moving the current lesson and the progress", async () => {
    const user = await learner();
    const course = await makeCourse(3);
    const [l1, l2, l3] = course.lessons as [string, string, string];
    expect((await api(t().app, "POST", `/api/v1/lessons/${l1}/complete`)).status).toBe(401);
    const notEnrolled = await api(t().app, "POST", `/api/v1/lessons/${l1}/complete`, undefined, user.token);
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body.message).toBe(LEARNING_MESSAGES.mustEnroll);
    expect((await api(t().app, "POST", "/api/v1/lessons/nope/complete", undefined, user.token)).status).toBe(404);

    await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token);
    const done = await api(t().app, "POST", `/api/v1/lessons/${l2}/complete`, undefined, user.token);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ lessonId: l2, courseId: course.id, completedLessons: 1, totalLessons: 3, progressPercentage: 33 });
    const twice = await api(t().app, "POST", `/api/v1/lessons/${l2}/complete`, undefined, user.token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(LEARNING_MESSAGES.alreadyCompleted);

    let lessons = (await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, user.token)).body.data.lessons.data as Lesson[];
    expect(lessons.map((l) => [l.isCompleted, l.isCurrent])).toEqual([
      [false, true],
      [true, false],
      [false, false],
    ]);
    await api(t().app, "POST", `/api/v1/lessons/${l1}/complete`, undefined, user.token);
    lessons = (await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, user.token)).body.data.lessons.data as Lesson[];
    expect(lessons.find((l) => l.isCurrent)?._id).toBe(l3);
    const last = await api(t().app, "POST", `/api/v1/lessons/${l3}/complete`, undefined, user.token);
    expect(last.body.data.progressPercentage).toBe(100);
    lessons = (await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, user.token)).body.data.lessons.data as Lesson[];
    expect(lessons.find((l) => l.isCurrent)?.lessonNumber).toBe(1);
    const list = await api(t().app, "GET", `/api/v1/courses?search=${encodeURIComponent("Test course")}&limit=100`, undefined, user.token);
    const mine = list.body.data.find((c: { _id: string }) => c._id === course.id);
    expect(mine.userProgress).toEqual({ progressPercentage: 100, completedLessons: 3, totalLessons: 3 });
  });

  it("never enrols twice or counts a lesson twice when 10 requests arrive at once", async () => {
    const user = await learner();
    const course = await makeCourse(2);
    const enrolls = await Promise.all(Array.from({ length: 10 }, () => api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)));
    expect(enrolls.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const completes = await Promise.all(
      Array.from({ length: 10 }, () => api(t().app, "POST", `/api/v1/lessons/${course.lessons[0]}/complete`, undefined, user.token)),
    );
    expect(completes.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const detail = await api(t().app, "GET", `/api/v1/courses/${course.id}`, undefined, user.token);
    expect(detail.body.data).toMatchObject({ enrollmentCount: 1, userProgress: { completedLessons: 1, totalLessons: 2, progressPercentage: 50 } });
    const rows = await t().database.db.selectFrom("lesson_completions").select("id").where("course_id", "=", course.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("issues a PDF certificate once every lesson is done, verifiable by its public code", async () => {
    const user = await learner();
    const course = await makeCourse(1);
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}/certificate`)).status).toBe(401);
    await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token);
    const early = await api(t().app, "GET", `/api/v1/courses/${course.id}/certificate`, undefined, user.token);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(LEARNING_MESSAGES.certificateNotReady);
    await api(t().app, "POST", `/api/v1/lessons/${course.lessons[0]}/complete`, undefined, user.token);
    const pdf = await t().app.inject({ method: "GET", url: `/api/v1/courses/${course.id}/certificate`, headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const code = String(pdf.headers["x-certificate-code"]);
    expect(code).toMatch(/^VST-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const again = await t().app.inject({ method: "GET", url: `/api/v1/courses/${course.id}/certificate`, headers: { authorization: `Bearer ${user.token}` } });
    expect(again.headers["x-certificate-code"]).toBe(code);
    const verified = await api(t().app, "GET", `/api/v1/certificates/${code.toLowerCase()}`);
    expect(verified.body.data).toMatchObject({ code, learnerName: "Ada Lovelace", courseId: course.id });
    expect((await api(t().app, "GET", "/api/v1/certificates/VST-0000-0000-0000")).status).toBe(404);
  });

  it("guards admin writes and keeps course totals in step with lessons", async () => {
    const member = await learner();
    const body = { title: "X", description: "Y", category: "Advanced Topics", difficulty: "Beginner" };
    expect((await api(t().app, "POST", "/api/v1/courses", body)).status).toBe(401);
    expect((await api(t().app, "POST", "/api/v1/courses", body, member.token)).status).toBe(403);
    expect((await api(t().app, "POST", "/api/v1/courses", { title: "" }, admin)).status).toBe(400);
    expect((await api(t().app, "DELETE", "/api/v1/lessons/whatever", undefined, member.token)).status).toBe(403);
    const course = await makeCourse(2);
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}`)).body.data).toMatchObject({ totalLessons: 2, duration: 40 });
    const removed = await t().app.inject({ method: "DELETE", url: `/api/v1/lessons/${course.lessons[1]}`, headers: { authorization: `Bearer ${admin}` } });
    expect(removed.statusCode).toBe(204);
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}`)).body.data).toMatchObject({ totalLessons: 1, duration: 20 });
    const draft = await api(t().app, "PUT", `/api/v1/courses/${course.id}`, { status: "draft" }, admin);
    expect(draft.status).toBe(200);
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}`)).status).toBe(404);
  });
  it("a lesson completed through another server shows on this one's next course page", async () => {
    const course = await makeCourse(3);
    const user = await learner();
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    const states = async () =>
      ((await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, user.token)).body.data.lessons.data as Lesson[]).map((l) => [
        l.isCompleted,
        l.isCurrent,
      ]);
    expect(await states()).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]);
    expect(await states()).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]); // kept in memory
    await writeElsewhere(t().databaseUrl, "insert into lesson_completions (id, user_id, lesson_id, course_id, completed_at) values ($1, $2, $3, $4, $5)", [
      `elsewhere-${course.id}`,
      user.id,
      course.lessons[0],
      course.id,
      new Date().toISOString(),
    ]);
    await expect.poll(states, { timeout: 1_000, interval: 5 }).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
  });
});
