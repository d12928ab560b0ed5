import { beforeAll, expect, it } from "vitest";
import { PREVIEW_MESSAGES } from "@vestin/shared/previews";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, countRows, createCourse, signedInUser, withoutRequestId } from "../../../test/helpers.ts";

type Link = { _id: string; kind: string; subjectId: string; expiresAt: string; revokedAt: string | null; state: string; url?: string; token?: string };

describeEachDatabase("preview links", (t) => {
  let admin = "";
  let adminId = "";
  let learner = "";
  let draft = { _id: "", slug: "" };
  let published = { _id: "", slug: "" };
  beforeAll(async () => {
    const a = await signedInUser(t().app, t().database.db, { admin: true });
    admin = a.token;
    adminId = a.id;
    learner = (await signedInUser(t().app, t().database.db)).token;
    const article = async (slug: string, status: "draft" | "published") => {
      const body = {
        title: `Title of ${slug}`,
        slug,
        excerpt: "An excerpt.",
        category: "Testing",
        author: { name: "Test Author" },
        content: "<p>Draft body</p>",
        status,
      };
      const res = await api(t().app, "POST", "/api/v1/blogs", body, admin);
      expect(res.status).toBe(201);
      return res.body.data as { _id: string; slug: string };
    };
    draft = await article("preview-draft", "draft");
    published = await article("preview-live", "published");
  });

  const create = (body: unknown, token = admin) => api(t().app, "POST", "/api/v1/admin/previews", body, token);
  const open = (token: string) => api(t().app, "GET", `/api/v1/previews/${token}`);
  const tokenOf = (link: Link) => link.url?.split("/preview/")[1] ?? "";
  const newLink = async (body: Record<string, unknown> = { kind: "article", subjectId: draft._id }) => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body.data as Link;
  };

  it("refuses the console's routes to a visitor (401) and a learner (403), and stores nothing", async () => {
    const before = await countRows(t().database.db, "preview_links");
    for (const token of [undefined, learner]) {
      const status = token ? 403 : 401;
      expect((await api(t().app, "POST", "/api/v1/admin/previews", { kind: "article", subjectId: draft._id }, token)).status).toBe(status);
      expect((await api(t().app, "GET", `/api/v1/admin/previews?kind=article&subjectId=${draft._id}`, undefined, token)).status).toBe(status);
      expect((await api(t().app, "POST", "/api/v1/admin/previews/x/revoke", undefined, token)).status).toBe(status);
    }
    expect(await countRows(t().database.db, "preview_links")).toBe(before);
  });

  it("answers 400 to bad input and 404 to a subject that does not exist, storing nothing", async () => {
    const before = await countRows(t().database.db, "preview_links");
    expect((await create({ kind: "track", subjectId: draft._id })).status).toBe(400);
    expect((await create({ kind: "article", subjectId: "" })).status).toBe(400);
    const badLifetime = await create({ kind: "article", subjectId: draft._id, lifetime: "1y" });
    expect(badLifetime.status).toBe(400);
    expect(badLifetime.body.errors).toHaveProperty("lifetime");
    const missing = await create({ kind: "article", subjectId: "no-such-article" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PREVIEW_MESSAGES.subjectNotFound);
    // A slug is not an id: links name their subject by id only.
    expect((await create({ kind: "article", subjectId: draft.slug })).status).toBe(404);
    expect((await create({ kind: "course", subjectId: draft._id })).status).toBe(404);
    expect(await countRows(t().database.db, "preview_links")).toBe(before);
  });

  it("makes a 7-day link whose token opens the draft signed out, never cached and never indexed", async () => {
    const link = await newLink();
    expect(link).toMatchObject({ kind: "article", subjectId: draft._id, state: "active", revokedAt: null });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/preview\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const res = await open(tokenOf(link));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: "article",
      article: { _id: draft._id, title: "Title of preview-draft" },
      publicPath: null,
      expiresAt: link.expiresAt,
    });
    expect(res.body.data.article.content).toContain("Draft body");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    // The draft stays unpublished for everyone else.
    expect((await api(t().app, "GET", `/api/v1/blogs/${draft._id}`)).status).toBe(404);
    // Never kept in the public cache: a second read is answered by the handler again (no stored answer).
    expect(t().app.publicCache.answerFor(`/api/v1/previews/${tokenOf(link)}`)).toBeUndefined();
  });

  it("stores only the token's SHA-256, never the token or the address", async () => {
    const link = await newLink({ kind: "article", subjectId: draft._id, lifetime: "1h" });
    const token = tokenOf(link);
    const row = await t().database.db.selectFrom("preview_links").selectAll().where("id", "=", link._id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ subject_kind: "article", subject_id: draft._id, created_by: adminId, revoked_at: null });
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3_600_000);
    // The list never shows it either.
    const listed = await api(t().app, "GET", `/api/v1/admin/previews?kind=article&subjectId=${draft._id}`, undefined, admin);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect((listed.body.data as Link[]).map((l) => l._id)).toContain(link._id);
    expect((listed.body.data as Link[])[0]).not.toHaveProperty("url");
  });

  it("answers unknown, expired and revoked tokens with one identical 404", async () => {
    const revoked = await newLink();
    const revokedRes = await api(t().app, "POST", `/api/v1/admin/previews/${revoked._id}/revoke`, undefined, admin);
    expect(revokedRes.status).toBe(200);
    expect(revokedRes.body.data).toMatchObject({ state: "revoked" });
    expect(revokedRes.body.data.revokedAt).toEqual(expect.any(String));
    const expired = await newLink();
    await t().database.db.updateTable("preview_links").set({ expires_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", expired._id).execute();

    const answers = await Promise.all([open(tokenOf(revoked)), open(tokenOf(expired)), open("A".repeat(43)), open("short")]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
    const bodies = answers.map((r) => withoutRequestId(r.body));
    expect(bodies[0]).toEqual({ success: false, message: PREVIEW_MESSAGES.notValid });
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);

    const listed = (await api(t().app, "GET", `/api/v1/admin/previews?kind=article&subjectId=${draft._id}`, undefined, admin)).body.data as Link[];
    expect(listed.find((l) => l._id === revoked._id)?.state).toBe("revoked");
    expect(listed.find((l) => l._id === expired._id)?.state).toBe("expired");
    expect((await api(t().app, "POST", "/api/v1/admin/previews/no-such-link/revoke", undefined, admin)).status).toBe(404);
  });

  it("writes an audit row with each create and revoke", async () => {
    const link = await newLink();
    await api(t().app, "POST", `/api/v1/admin/previews/${link._id}/revoke`, undefined, admin);
    const rows = await t().database.db.selectFrom("audit_log").selectAll().where("target_id", "=", link._id).orderBy("created_at").execute();
    expect(rows.map((r) => r.action).sort()).toEqual(["preview-link.create", "preview-link.revoke"]);
    expect(rows.every((r) => r.actor_id === adminId && r.target_type === "previews")).toBe(true);
    expect(rows.map((r) => r.details).join()).not.toContain(tokenOf(link));
  });

  it("shows a draft course and a lesson of it, and a token opens only its own subject", async () => {
    const course = await createCourse(t().app, admin, 2);
    expect((await api(t().app, "PUT", `/api/v1/courses/${course.id}`, { status: "draft" }, admin)).status).toBe(200);
    const courseLink = await newLink({ kind: "course", subjectId: course.id });
    const lessonLink = await newLink({ kind: "lesson", subjectId: course.lessons[1] });

    const coursePreview = await open(tokenOf(courseLink));
    expect(coursePreview.status).toBe(200);
    expect(coursePreview.body.data).toMatchObject({ kind: "course", course: { _id: course.id, userProgress: null }, lessons: { count: 2 }, publicPath: null });
    const lessonPreview = await open(tokenOf(lessonLink));
    expect(lessonPreview.body.data).toMatchObject({ kind: "lesson", lesson: { _id: course.lessons[1], isCompleted: false }, course: { _id: course.id } });
    expect(lessonPreview.body.data.lessons).toHaveLength(2);

    // The token is the whole key: it names its subject, and nothing in the request can change it.
    expect(JSON.stringify(coursePreview.body)).not.toContain("Draft body");
    expect((await api(t().app, "GET", `/api/v1/previews/${tokenOf(courseLink)}?kind=article&subjectId=${draft._id}`)).body.data.kind).toBe("course");
    // A learner is just another visitor here: their session opens no other draft.
    expect((await api(t().app, "GET", `/api/v1/courses/${course.id}/lessons`, undefined, learner)).status).toBe(404);
    expect((await api(t().app, "GET", `/api/v1/admin/previews?kind=course&subjectId=${course.id}`, undefined, learner)).status).toBe(403);
  });

  it("names the public page of a subject published already", async () => {
    const link = await newLink({ kind: "article", subjectId: published._id });
    const res = await open(tokenOf(link));
    expect(res.status).toBe(200);
    expect(res.body.data.publicPath).toBe("/blog/preview-live");
  });

  it("stops answering once the subject is deleted, with the same 404", async () => {
    const res = await api(
      t().app,
      "POST",
      "/api/v1/blogs",
      { title: "Soon gone", excerpt: "x", category: "Testing", author: { name: "A" }, content: "<p>x</p>", status: "draft" },
      admin,
    );
    const link = await newLink({ kind: "article", subjectId: res.body.data._id });
    expect((await open(tokenOf(link))).status).toBe(200);
    expect((await api(t().app, "DELETE", `/api/v1/blogs/${res.body.data._id}`, undefined, admin)).status).toBe(204);
    const gone = await open(tokenOf(link));
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PREVIEW_MESSAGES.notValid);
  });

  it("limits reads per address (429 with Retry-After) so tokens cannot be guessed in bulk", async () => {
    let last = await open("B".repeat(43));
    for (let i = 0; i < 70 && last.status !== 429; i++) last = await open("B".repeat(43));
    expect(last.status).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
  });
});
