import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { authoredAssessmentSchema } from "@vestin/shared/assessments";
import { durationMinutes } from "@vestin/shared/learning";
import { seedDatabase } from "../../db/seed/index.ts";
import { SEEDERS } from "../../db/seed/seeders.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import type { Lesson as SharedLesson } from "@vestin/shared/learning";

/** The free Ambassador Masterclass the learning home promotes: 4 hours, 12 lessons, Expert, with its own assessment. */
const SLUG = "ambassador-01-masterclass";
const ASSESSMENT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed/courses", SLUG, "assessment.yaml");

type Lesson = Pick<SharedLesson, "lessonNumber" | "title" | "description" | "content" | "duration" | "learningObjectives" | "keyTakeaways">;

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describeEachDatabase("the Ambassador Masterclass", (t) => {
  it("is a published 12-lesson Expert course of 240 minutes in the Ambassador Program track", async () => {
    const course = await api(t().app, "GET", `/api/v1/courses/${SLUG}`);
    expect(course.status).toBe(200);
    expect(course.body.data).toMatchObject({
      title: "Ambassador Masterclass",
      category: "Ambassador Program",
      difficulty: "Expert",
      totalLessons: 12,
      duration: 240,
      userProgress: null,
    });
    const lessons = (await api(t().app, "GET", `/api/v1/courses/${SLUG}/lessons`)).body.data.lessons.data as Lesson[];
    expect(lessons.map((l) => l.lessonNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(lessons.reduce((sum, l) => sum + durationMinutes(l.duration), 0)).toBe(240);
    for (const lesson of lessons) {
      // Real lessons of the other courses' length: about 3,000 to 4,500 characters of text.
      expect(textOf(lesson.content).length, lesson.title).toBeGreaterThan(2_800);
      expect(lesson.description.length, lesson.title).toBeGreaterThan(60);
      expect(lesson.learningObjectives.length, lesson.title).toBeGreaterThanOrEqual(3);
      expect(lesson.keyTakeaways.length, lesson.title).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(lessons.map((l) => l.title)).size).toBe(12);
  });

  it("is listed in the catalogue, its track and the Expert filter, and a learner can enrol", async () => {
    const all = await api(t().app, "GET", "/api/v1/courses?limit=100");
    expect(all.body.total).toBe(14);
    expect((all.body.data as Array<{ slug: string }>).at(-1)?.slug).toBe(SLUG);
    const track = await api(t().app, "GET", `/api/v1/courses?category=${encodeURIComponent("Ambassador Program")}`);
    expect((track.body.data as Array<{ slug: string }>).map((c) => c.slug)).toEqual([SLUG]);
    const expert = await api(t().app, "GET", "/api/v1/courses?difficulty=Expert");
    expect((expert.body.data as Array<{ slug: string }>).map((c) => c.slug)).toEqual([SLUG]);
    const analytics = await api(t().app, "GET", "/api/v1/courses/categories/analytics");
    const categories = analytics.body.data.categories as Array<{ category: string; courseCount: number; totalLessons: number; description: string }>;
    expect(categories.find((c) => c.category === "Ambassador Program")).toMatchObject({ courseCount: 1, totalLessons: 12 });
    expect(categories.find((c) => c.category === "Ambassador Program")?.description).toMatch(/ambassador/i);

    const learner = await signedInUser(t().app, t().database.db);
    expect((await api(t().app, "POST", `/api/v1/courses/${SLUG}/enroll`, undefined, learner.token)).status).toBe(201);
    const status = await api(t().app, "GET", `/api/v1/courses/${SLUG}/enrollment-status`, undefined, learner.token);
    expect(status.body.data).toMatchObject({ isEnrolled: true });
    expect((await api(t().app, "POST", `/api/v1/courses/${SLUG}/enroll`, undefined, learner.token)).status).toBe(409);
  });

  it("has a final assessment whose pool covers every lesson at least twice, with no option that depends on the others", async () => {
    const status = await api(t().app, "GET", `/api/v1/courses/${SLUG}/assessment`);
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ passMark: 70, maxAttempts: 3 });
    // An attempt draws 10 questions from the pool.
    expect(status.body.data.questionCount).toBe(10);

    const pool = authoredAssessmentSchema.parse(parse(readFileSync(ASSESSMENT_FILE, "utf8")));
    expect(pool.questions.length).toBeGreaterThanOrEqual(2 * status.body.data.questionCount);
    // At least twice the default attempt of 10 questions, and two questions from each of the 12 lessons.
    expect(pool.questions.length).toBeGreaterThanOrEqual(24);
    for (let lesson = 1; lesson <= 12; lesson++) {
      expect(pool.questions.filter((q) => q.lesson === lesson).length, `lesson ${lesson}`).toBeGreaterThanOrEqual(2);
    }
    expect(pool.questions.every((q) => q.lesson !== undefined && q.lesson >= 1 && q.lesson <= 12)).toBe(true);
    // Options are shown shuffled, so none may point at a position or at the other options.
    const positional = /\b(all|none|both|neither) of (the )?(above|these|them)\b|\bboth [a-d] and [a-d]\b|\boptions? \d\b|\b[a-d] and [a-d]\b/i;
    for (const question of pool.questions) {
      if ("options" in question) for (const option of question.options) expect(option, question.id).not.toMatch(positional);
      expect(question.explanation.length, question.id).toBeGreaterThan(80);
    }
  });
});

describeEachDatabase("the Ambassador Masterclass on a database seeded before it existed", (t) => {
  it("is added with its assessment on the next start, without touching the other courses", async () => {
    const { db } = t().database;
    const course = await db.selectFrom("courses").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow();
    const before = await db.selectFrom("courses").select(["id", "slug"]).where("slug", "!=", SLUG).orderBy("slug").execute();
    // The state of a database seeded by the first versions of the seeds: no masterclass, no Expert level.
    await db.deleteFrom("course_assessments").where("course_id", "=", course.id).execute();
    await db.deleteFrom("lessons").where("course_id", "=", course.id).execute();
    await db.deleteFrom("courses").where("id", "=", course.id).execute();
    await db.updateTable("app_meta").set({ value: "1" }).where("key", "in", ["seed:learning-courses", "seed:course-assessments"]).execute();

    const ran = await seedDatabase(t().database, SEEDERS);
    expect(ran).toEqual(expect.arrayContaining(["learning-courses", "course-assessments"]));

    const added = await db.selectFrom("courses").selectAll().where("slug", "=", SLUG).executeTakeFirstOrThrow();
    expect(added).toMatchObject({ difficulty: "Expert", status: "published", total_lessons: 12 });
    expect(Number(added.duration_minutes)).toBe(240);
    const assessment = await db.selectFrom("course_assessments").select("questions").where("course_id", "=", added.id).executeTakeFirstOrThrow();
    expect((JSON.parse(assessment.questions) as unknown[]).length).toBeGreaterThanOrEqual(24);
    // The other courses keep their ids (and with them every enrolment and completion).
    expect(await db.selectFrom("courses").select(["id", "slug"]).where("slug", "!=", SLUG).orderBy("slug").execute()).toEqual(before);
    expect((await api(t().app, "GET", `/api/v1/courses/${SLUG}`)).body.data).toMatchObject({ totalLessons: 12, duration: 240 });
  });
});

describeEachDatabase("an upgrade that brings new seed content", (t) => {
  it("keeps what authors changed in the console and does not bring back a seeded course an admin deleted", async () => {
    const { app, database } = t();
    const { db } = database;
    const admin = await signedInUser(app, db, { admin: true });
    const courses = await db.selectFrom("courses").select(["id", "slug", "title"]).where("slug", "!=", SLUG).orderBy("slug").execute();
    const [edited, deleted, untouched] = courses;
    if (!edited || !deleted || !untouched) throw new Error("the seed has fewer than three courses");

    // An author renames one course and rewrites a lesson of it; an admin deletes another.
    const renamed = await api(app, "PUT", `/api/v1/courses/${edited.id}`, { title: "Our own title for this course" }, admin.token);
    expect(renamed.status).toBe(200);
    const lesson = await db
      .selectFrom("lessons")
      .select(["id", "title"])
      .where("course_id", "=", edited.id)
      .where("lesson_number", "=", 1)
      .executeTakeFirstOrThrow();
    const rewritten = await api(app, "PUT", `/api/v1/lessons/${lesson.id}`, { title: "A lesson in our own words" }, admin.token);
    expect(rewritten.status).toBe(200);
    expect((await api(app, "DELETE", `/api/v1/courses/${deleted.id}`, undefined, admin.token)).status).toBe(204);
    // A seeded course nobody touched but whose stored copy is out of date, as after a content fix.
    await db.updateTable("courses").set({ title: "An out-of-date title" }).where("id", "=", untouched.id).execute();

    // The next release raises the seeder's version: the start-up runs it again.
    await db.updateTable("app_meta").set({ value: "1" }).where("key", "=", "seed:learning-courses").execute();
    expect(await seedDatabase(database, SEEDERS)).toContain("learning-courses");

    const after = await db.selectFrom("courses").select(["id", "slug", "title"]).execute();
    expect(after.find((c) => c.id === edited.id)?.title).toBe("Our own title for this course");
    expect((await db.selectFrom("lessons").select("title").where("id", "=", lesson.id).executeTakeFirstOrThrow()).title).toBe("A lesson in our own words");
    expect(after.some((c) => c.slug === deleted.slug)).toBe(false);
    expect(after.find((c) => c.id === untouched.id)?.title).toBe(untouched.title);
  });
});
