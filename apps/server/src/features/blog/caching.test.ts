import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";

type Article = { _id: string; slug: string; title: string; viewCount: number; likeCount: number };

function gunzipOrBrotli(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

/** Public answers are cached for a few seconds; these are the promises that caching must keep. */
describeEachDatabase("public answers: caching and counters", (t) => {
  let admin = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
  });
  /** An article the administrator publishes through the API. */
  const newArticle = async (title: string) =>
    (await api(t().app, "POST", "/api/v1/blogs", { title, excerpt: "E.", category: "Testing", author: { name: "A" }, markdown: "Body." }, admin)).body
      .data as Article;
  const titles = async (query = "?limit=100") => ((await api(t().app, "GET", `/api/v1/blogs${query}`)).body.data as Article[]).map((a) => a.title);

  it("shows an administrator's new, changed and deleted articles on the very next read", async () => {
    const before = await titles();
    const created = await newArticle("Cache test: fresh");
    expect(await titles()).toContain("Cache test: fresh");
    expect((await titles()).length).toBe(Math.min(100, before.length + 1));
    await api(t().app, "PUT", `/api/v1/blogs/${created._id}`, { title: "Cache test: renamed" }, admin);
    expect(await titles()).toContain("Cache test: renamed");
    expect((await api(t().app, "GET", `/api/v1/blogs/${created.slug}`)).body.data.title).toBe("Cache test: renamed");
    const categories = (await api(t().app, "GET", "/api/v1/blogs/categories")).body.data as Array<{ category: string; count: number }>;
    expect(categories.find((c) => c.category === "Testing")?.count).toBeGreaterThanOrEqual(1);
    expect((await api(t().app, "DELETE", `/api/v1/blogs/${created._id}`, undefined, admin)).status).toBe(204);
    expect(await titles()).not.toContain("Cache test: renamed");
    expect((await api(t().app, "GET", `/api/v1/blogs/${created.slug}`)).status).toBe(410);
  });

  it("answers a cached list with an ETag and 304 on revalidation", async () => {
    const first = await t().app.inject({ method: "GET", url: "/api/v1/blogs?limit=5" });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t().app.inject({ method: "GET", url: "/api/v1/blogs?limit=5", headers: { "if-none-match": String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("counts every view and saves them all, answering the same stored bytes until the entry is renewed", async () => {
    const created = await newArticle("Cache test: views");
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        await t().app.inject({
          method: "GET",
          url: `/api/v1/blogs/${i % 2 ? created._id : created.slug}`,
          headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        }),
      );
    // The first read made the entry (its own view counted in it); the next ones are its bytes.
    expect(answers.map((a) => (JSON.parse(gunzipOrBrotli(a)) as { data: Article }).data.viewCount)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers[0]?.headers["cache-control"]).toBe("public, no-cache");
    await t().app.blog.flushViews();
    const row = await t().database.db.selectFrom("articles").select("view_count").where("id", "=", created._id).executeTakeFirstOrThrow();
    expect(Number(row.view_count)).toBe(5);
    // A like renews the entry: it shows at once, with the views counted so far.
    expect((await api(t().app, "PUT", `/api/v1/blogs/${created.slug}/like`)).body.data.likeCount).toBe(1);
    const after = (await api(t().app, "GET", `/api/v1/blogs/${created._id}`)).body.data as Article;
    expect(after.likeCount).toBe(1);
    expect(after.viewCount).toBe(6);
    // A revalidation still counts the view, and answers 304 from the entry.
    const revalidated = await t().app.inject({
      method: "GET",
      url: `/api/v1/blogs/${created._id}`,
      headers: { "if-none-match": String(answers[0]?.headers.etag).replace(/.$/, 'x"') },
    });
    expect(revalidated.statusCode).toBe(200);
    const etag = String(revalidated.headers.etag);
    expect((await t().app.inject({ method: "GET", url: `/api/v1/blogs/${created._id}`, headers: { "if-none-match": etag } })).statusCode).toBe(304);
    await t().app.blog.flushViews();
    const saved = await t().database.db.selectFrom("articles").select("view_count").where("id", "=", created._id).executeTakeFirstOrThrow();
    expect(Number(saved.view_count)).toBe(8);
  });

  it("gives each learner their own progress on a cached course, and the new learner the new enrolment count", async () => {
    const course = ((await api(t().app, "GET", "/api/v1/courses?limit=1")).body.data as Array<{ _id: string; slug: string; enrollmentCount: number }>)[0]!;
    const anonymous = (await api(t().app, "GET", `/api/v1/courses/${course.slug}/lessons`)).body.data;
    expect(anonymous.course.userProgress).toBeNull();
    const a = await signedInUser(t().app, t().database.db);
    const b = await signedInUser(t().app, t().database.db);
    expect((await api(t().app, "POST", `/api/v1/courses/${course._id}/enroll`, undefined, a.token)).status).toBe(201);
    const enrolled = (await api(t().app, "GET", `/api/v1/courses/${course.slug}/lessons`, undefined, a.token)).body.data;
    expect(enrolled.course.enrollmentCount).toBe(anonymous.course.enrollmentCount + 1);
    expect(enrolled.course.userProgress).toMatchObject({ completedLessons: 0, progressPercentage: 0 });
    const firstLesson = enrolled.lessons.data[0];
    expect((await api(t().app, "POST", `/api/v1/lessons/${firstLesson._id}/complete`, undefined, a.token)).status).toBe(200);
    const progressed = (await api(t().app, "GET", `/api/v1/courses/${course.slug}/lessons`, undefined, a.token)).body.data;
    expect(progressed.course.userProgress.completedLessons).toBe(1);
    expect(progressed.lessons.data[0].isCompleted).toBe(true);
    expect(progressed.lessons.data[1].isCurrent).toBe(true);
    // Another learner, not enrolled, sees no progress of A's.
    const other = (await api(t().app, "GET", `/api/v1/courses/${course.slug}/lessons`, undefined, b.token)).body.data;
    expect(other.course.userProgress).toBeNull();
    expect(other.lessons.data.some((l: { isCompleted: boolean }) => l.isCompleted)).toBe(false);
  });
});
