import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../../test/helpers.ts";

type Summary = { number: number; createdAt: string; author: { id: string; name: string; email: string } | null; restoredFrom: number | null };
type Lesson = { _id: string; title: string; isCompleted: boolean; updatedSinceCompletion: boolean; completedAt: string | null };

describeEachDatabase("revisions", (t) => {
  let admin = { token: "", id: "", email: "" };
  let member = "";
  beforeAll(async () => {
    admin = await signedInUser(t().app, t().database.db, { admin: true });
    member = (await signedInUser(t().app, t().database.db)).token;
  });
  const db = () => t().database.db;
  const article = {
    title: "Custody explained",
    excerpt: "Who holds the keys.",
    category: "Guides",
    author: { name: "Ada Writer" },
    markdown: "## Keys\n\nThe first draft says cold storage.",
  };
  const createArticle = async () => {
    const res = await api(t().app, "POST", "/api/v1/blogs", { ...article, title: `${article.title} ${Math.random().toString(36).slice(2)}` }, admin.token);
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; slug: string; title: string };
  };
  const revisionsOf = async (path: string, token = admin.token) => api(t().app, "GET", path, undefined, token);

  it("keeps a revision of each article save, with its author, newest first and paged", async () => {
    const created = await createArticle();
    const edit = await api(t().app, "PUT", `/api/v1/blogs/${created._id}`, { markdown: "## Keys\n\nThe second draft says hardware wallets." }, admin.token);
    expect(edit.status).toBe(200);
    const list = await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, total: 2, page: 1, pages: 1 });
    const items = list.body.data as Summary[];
    expect(items.map((r) => r.number)).toEqual([2, 1]);
    expect(items[0]?.author).toMatchObject({ id: admin.id, email: admin.email });
    expect(items[0]?.restoredFrom).toBeNull();

    const first = await revisionsOf(`/api/v1/admin/articles/${created.slug}/revisions/1`);
    expect(first.status).toBe(200);
    expect(first.body.data.snapshot).toMatchObject({ title: created.title, excerpt: article.excerpt, author: "Ada Writer", tags: [] });
    expect(first.body.data.snapshot.content).toContain("cold storage");
    expect((await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions/2`)).body.data.snapshot.content).toContain("hardware wallets");

    const paged = await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions?limit=1&page=2`);
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1, pages: 2 });
    expect((paged.body.data as Summary[]).map((r) => r.number)).toEqual([1]);
  });

  it("restores a revision: the content returns, a new revision says where from, and the audit log names it", async () => {
    const created = await createArticle();
    await api(t().app, "PUT", `/api/v1/blogs/${created._id}`, { title: "Custody, revised", markdown: "Rewritten entirely." }, admin.token);
    const restore = await api(t().app, "POST", `/api/v1/admin/articles/${created._id}/revisions/1/restore`, undefined, admin.token);
    expect(restore.status).toBe(200);
    expect(restore.body.data).toMatchObject({ restoredFrom: 1, article: { title: created.title } });
    const current = await api(t().app, "GET", `/api/v1/admin/articles/${created._id}`, undefined, admin.token);
    expect(current.body.data.title).toBe(created.title);
    expect(current.body.data.content).toContain("cold storage");
    const items = (await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions`)).body.data as Summary[];
    expect(items.map((r) => [r.number, r.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    const audit = await db().selectFrom("audit_log").selectAll().where("target_id", "=", created._id).where("action", "like", "%restore").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, target_type: "articles" });
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({ restoredFrom: 1 });
  });

  it("answers only administrators, 404 for unknown subjects and revisions, 400 for bad numbers, and changes nothing then", async () => {
    const created = await createArticle();
    const paths = [`/api/v1/admin/articles/${created._id}/revisions`, `/api/v1/admin/articles/${created._id}/revisions/1`];
    for (const path of paths) {
      expect((await revisionsOf(path, "")).status).toBe(401);
      expect((await revisionsOf(path, member)).status).toBe(403);
    }
    const restorePath = `/api/v1/admin/articles/${created._id}/revisions/1/restore`;
    expect((await api(t().app, "POST", restorePath)).status).toBe(401);
    expect((await api(t().app, "POST", restorePath, undefined, member)).status).toBe(403);
    expect((await revisionsOf("/api/v1/admin/articles/no-such-article/revisions")).status).toBe(404);
    expect((await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions/9`)).status).toBe(404);
    expect((await api(t().app, "POST", `/api/v1/admin/articles/${created._id}/revisions/9/restore`, undefined, admin.token)).status).toBe(404);
    for (const bad of ["0", "-1", "two", "1.5"]) {
      const res = await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect((await api(t().app, "POST", `/api/v1/admin/articles/${created._id}/revisions/${bad}/restore`, undefined, admin.token)).status).toBe(400);
    }
    expect((await revisionsOf(`/api/v1/admin/articles/${created._id}/revisions?limit=0`)).status).toBe(400);
    // Nothing was restored: still the one revision of the creation.
    expect((await revisionsOf(paths[0] as string)).body.total).toBe(1);
    expect((await revisionsOf("/api/v1/admin/lessons/no-such-lesson/revisions", member)).status).toBe(403);
  });

  it("keeps lesson revisions and restores one, every field but its number", async () => {
    const course = await createCourse(t().app, admin.token, 1);
    const lessonId = course.lessons[0] as string;
    await api(t().app, "PUT", `/api/v1/lessons/${lessonId}`, { title: "Step one, rewritten", markdown: "New text.", keyTakeaways: ["One"] }, admin.token);
    const items = (await revisionsOf(`/api/v1/admin/lessons/${lessonId}/revisions`)).body.data as Summary[];
    expect(items.map((r) => r.number)).toEqual([2, 1]);
    const second = await revisionsOf(`/api/v1/admin/lessons/${lessonId}/revisions/2`);
    expect(second.body.data.snapshot).toMatchObject({ title: "Step one, rewritten", keyTakeaways: ["One"], lessonNumber: 1 });
    const restore = await api(t().app, "POST", `/api/v1/admin/lessons/${lessonId}/revisions/1/restore`, undefined, admin.token);
    expect(restore.status).toBe(200);
    expect(restore.body.data.lesson).toMatchObject({ title: "Step 1", keyTakeaways: [] });
    expect(restore.body.data.lesson.content).toContain("Part 1");
    expect(((await revisionsOf(`/api/v1/admin/lessons/${lessonId}/revisions`)).body.data as Summary[])[0]).toMatchObject({ number: 3, restoredFrom: 1 });
    expect((await api(t().app, "POST", `/api/v1/admin/lessons/${lessonId}/revisions/1/restore`, undefined, member)).status).toBe(403);
  });

  it("keeps a learner's completion through an edit, and marks the lesson updated for them only when it changed after they completed it", async () => {
    const course = await createCourse(t().app, admin.token, 2);
    const [first, second] = course.lessons as [string, string];
    const early = await signedInUser(t().app, db());
    const late = await signedInUser(t().app, db());
    for (const user of [early, late]) expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    expect((await api(t().app, "POST", `/api/v1/lessons/${first}/complete`, undefined, early.token)).status).toBe(200);
    // A change that leaves title and text alone marks nothing.
    await api(t().app, "PUT", `/api/v1/lessons/${first}`, { duration: "12 min" }, admin.token);
    const lessonsFor = async (token: string) =>
      (await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, token)).body.data.lessons.data as Lesson[];
    expect((await lessonsFor(early.token))[0]).toMatchObject({ isCompleted: true, updatedSinceCompletion: false, completedAt: null });

    const edit = await api(t().app, "PUT", `/api/v1/lessons/${first}`, { markdown: "## Part 1\n\nCorrected text." }, admin.token);
    expect(edit.status).toBe(200);
    expect((await api(t().app, "POST", `/api/v1/lessons/${first}/complete`, undefined, late.token)).status).toBe(200);

    const completion = await db().selectFrom("lesson_completions").select("completed_at").where("user_id", "=", early.id).executeTakeFirstOrThrow();
    const earlyLessons = await lessonsFor(early.token);
    expect(earlyLessons[0]).toMatchObject({ isCompleted: true, updatedSinceCompletion: true, completedAt: completion.completed_at });
    expect(earlyLessons[1]).toMatchObject({ isCompleted: false, updatedSinceCompletion: false });
    expect((await lessonsFor(late.token))[0]).toMatchObject({ isCompleted: true, updatedSinceCompletion: false, completedAt: null });
    expect((await api(t().app, "GET", `/api/v1/lessons/${first}`, undefined, early.token)).body.data).toMatchObject({ updatedSinceCompletion: true });
    // Signed out: nobody's completion, no mark.
    expect((await lessonsFor(""))[0]).toMatchObject({ isCompleted: false, updatedSinceCompletion: false });

    const myLearning = async (token: string) =>
      (await api(t().app, "GET", "/api/v1/me/learning", undefined, token)).body.data.inProgress.find((c: { courseId: string }) => c.courseId === course.id);
    expect((await myLearning(early.token)).updatedLessons).toEqual([
      { lessonId: first, lessonSlug: expect.any(String), lessonNumber: 1, title: "Step 1", completedAt: completion.completed_at },
    ]);
    expect((await myLearning(late.token)).updatedLessons).toEqual([]);

    // The completion counts as before: the course finishes with the second lesson.
    const done = await api(t().app, "POST", `/api/v1/lessons/${second}/complete`, undefined, early.token);
    expect(done.body.data).toMatchObject({ completedLessons: 2, totalLessons: 2 });
  });
});
