import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against the learning area: enrolment, completion, the catalogue's
 * search and the admin writes never answer 5xx, and a refusal changes nothing.
 */

describeEachDatabase(
  "learning routes under hostile input",
  (t) => {
    let admin = "";
    let learner = "";
    let courseId = "";
    let lessonId = "";
    let editableCourse = "";
    let editableLesson = "";
    let deletableCourse = "";
    let deletableLesson = "";
    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      learner = (await signedInUser(app, database.db)).token;
      const newCourse = async (title: string) => (await api(app, "POST", "/api/v1/courses", { ...course, title }, admin)).body.data._id as string;
      const newLesson = async (id: string, title: string) =>
        (await api(app, "POST", "/api/v1/lessons", { ...lesson, courseId: id, title }, admin)).body.data._id as string;
      courseId = await newCourse("Enrolled by hostile input");
      lessonId = await newLesson(courseId, "Completed by hostile input");
      await newLesson(courseId, "Second lesson");
      expect((await api(app, "POST", `/api/v1/courses/${courseId}/enroll`, undefined, learner)).status).toBe(201);
      editableCourse = await newCourse("Edited by hostile input");
      editableLesson = await newLesson(editableCourse, "Edited lesson");
      deletableCourse = await newCourse("Deleted by hostile input");
      deletableLesson = await newLesson(editableCourse, "Deleted lesson");
    });

    const course = {
      title: "Custody {unique}",
      description: "Who holds the asset.",
      category: "Advanced Topics",
      difficulty: "Advanced",
      order: 3,
      status: "published",
    };
    const lesson = {
      title: "Keys {unique}",
      description: "Hot, warm and cold.",
      markdown: "## Cold storage\n\nOffline keys.",
      duration: "25 min",
      learningObjectives: ["Tell hot from cold"],
      keyTakeaways: ["Cold is slow and safe"],
      prerequisites: [],
      resources: [{ name: "Guide", url: "https://vestin.io/guide" }],
      videoUrl: "https://www.youtube.com/watch?v=abcdefghijk",
      videoDescription: "A tour",
    };

    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "GET /api/v1/courses (search, filters, paging)",
        () => ({
          method: "GET",
          path: "/api/v1/courses",
          query: { category: "Advanced Topics", difficulty: "Advanced", search: "custody keys", page: "1", limit: "10" },
        }),
      ],
      ["GET /api/v1/lessons (by course, paging)", () => ({ method: "GET", path: "/api/v1/lessons", query: { course: courseId, page: "1", limit: "10" } })],
      ["GET /api/v1/certificates/{code}", () => ({ method: "GET", path: "/api/v1/certificates/{code}", params: { code: "VST-0000-0000" } })],
      ["POST /api/v1/courses/{id}/enroll", () => ({ method: "POST", path: "/api/v1/courses/{id}/enroll", token: learner, params: { id: courseId } })],
      ["POST /api/v1/lessons/{id}/complete", () => ({ method: "POST", path: "/api/v1/lessons/{id}/complete", token: learner, params: { id: lessonId } })],
      ["POST /api/v1/courses (admin)", () => ({ method: "POST", path: "/api/v1/courses", token: admin, body: course })],
      [
        "PUT /api/v1/courses/{id} (admin)",
        () => ({
          method: "PUT",
          path: "/api/v1/courses/{id}",
          token: admin,
          params: { id: editableCourse },
          body: { title: "Renamed", description: "New", difficulty: "Beginner", order: 2 },
        }),
      ],
      ["DELETE /api/v1/courses/{id} (admin)", () => ({ method: "DELETE", path: "/api/v1/courses/{id}", token: admin, params: { id: deletableCourse } })],
      ["POST /api/v1/lessons (admin)", () => ({ method: "POST", path: "/api/v1/lessons", token: admin, body: { ...lesson, courseId: editableCourse } })],
      [
        "PUT /api/v1/lessons/{id} (admin)",
        () => ({
          method: "PUT",
          path: "/api/v1/lessons/{id}",
          token: admin,
          params: { id: editableLesson },
          body: { title: "Renamed", content: "<p>New</p>", lessonNumber: 7, keyTakeaways: ["One"] },
        }),
      ],
      ["DELETE /api/v1/lessons/{id} (admin)", () => ({ method: "DELETE", path: "/api/v1/lessons/{id}", token: admin, params: { id: deletableLesson } })],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 50 });
      });
    }

    it("gives courses, lessons and articles titled without Latin letters a usable, unique slug", async () => {
      const { app } = t();
      const slugs: string[] = [];
      for (const title of ["日本語の講座", "دورة عربية"]) {
        const created = await api(app, "POST", "/api/v1/courses", { ...course, title }, admin);
        expect(created.status).toBe(201);
        slugs.push(created.body.data.slug as string);
        for (const lessonTitle of ["レッスン", "درس"]) {
          slugs.push(
            (await api(app, "POST", "/api/v1/lessons", { ...lesson, courseId: created.body.data._id, title: lessonTitle }, admin)).body.data.slug as string,
          );
        }
      }
      for (const title of ["記事", "مقال"])
        slugs.push(
          (await api(app, "POST", "/api/v1/blogs", { title, excerpt: "e", category: "c", author: { name: "a" }, content: "<p>x</p>" }, admin)).body.data
            .slug as string,
        );
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(new Set(slugs.filter((s) => s.startsWith("course-") || s.startsWith("article"))).size).toBe(4);
    });

    it("answers a double-submitted create with 201 and 409, never a 500 (slug and lesson-number races)", async () => {
      const { app } = t();
      const twice = async (path: string, body: Record<string, unknown>) =>
        (await Promise.all([1, 2, 3].map(() => api(app, "POST", path, body, admin)))).map((r) => r.status);
      for (let round = 0; round < 3; round++) {
        const courses = await twice("/api/v1/courses", { ...course, title: `Double click ${round}` });
        expect(courses.filter((s) => s === 201)).toHaveLength(1);
        expect(
          courses.every((s) => s === 201 || s === 409),
          String(courses),
        ).toBe(true);
        const lessons = await twice("/api/v1/lessons", { ...lesson, courseId: editableCourse, title: `Double click ${round}` });
        expect(
          lessons.every((s) => s === 201 || s === 409),
          String(lessons),
        ).toBe(true);
        const articles = await twice("/api/v1/blogs", {
          title: `Double click ${round}`,
          slug: `double-click-${round}`,
          excerpt: "e",
          category: "c",
          author: { name: "a" },
          content: "<p>x</p>",
        });
        expect(articles.filter((s) => s === 201)).toHaveLength(1);
        expect(
          articles.every((s) => s === 201 || s === 409),
          String(articles),
        ).toBe(true);
      }
    });

    it("still reports the learner's progress after the hostile runs", async () => {
      const res = await api(t().app, "GET", `/api/v1/courses/${courseId}/enrollment-status`, undefined, learner);
      expect(res.status).toBe(200);
      expect(res.body.data.isEnrolled).toBe(true);
    });
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
