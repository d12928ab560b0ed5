import { beforeAll, expect, it } from "vitest";
import { BLOG_MESSAGES } from "@vestin/shared/blog";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";

type Summary = {
  _id: string;
  slug: string;
  title: string;
  publishedAt: string;
  viewCount: number;
  likeCount: number;
  category: string;
  contentPreview: string;
};

describeEachDatabase("blog", (t) => {
  let admin = "";
  let member = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    member = (await signedInUser(t().app, t().database.db)).token;
  });
  const list = async (query: string) =>
    (await api(t().app, "GET", `/api/v1/blogs${query}`)).body as unknown as { data: Summary[]; total: number; page: number; limit: number; pages: number };
  const create = async (body: Record<string, unknown>) => {
    const res = await api(t().app, "POST", "/api/v1/blogs", { excerpt: "An excerpt.", category: "Testing", author: { name: "Test Author" }, ...body }, admin);
    expect(res.status).toBe(201);
    return res.body.data as Summary & { content: string; likeCount: number };
  };

  it("lists the 24 seeded articles newest first, with previews and no content", async () => {
    const res = await list("");
    expect(res.total).toBe(24);
    expect(res.page).toBe(1);
    expect(res.limit).toBe(10);
    expect(res.pages).toBe(3);
    expect(res.data).toHaveLength(10);
    const dates = res.data.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const item of res.data) {
      expect(item).not.toHaveProperty("content");
      expect(item.contentPreview.length).toBeGreaterThan(100);
      expect(item.contentPreview.length).toBeLessThanOrEqual(500);
    }
  });

  it("paginates without gaps or repeats, caps limit at 100 and refuses bad pages and sorts", async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list(`?page=${p}&limit=10`)));
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 4]);
    expect(new Set(pages.flatMap((p) => p.data.map((a) => a._id))).size).toBe(24);
    const capped = await list("?limit=1000");
    expect(capped.limit).toBe(100);
    expect(capped.data).toHaveLength(24);
    for (const bad of ["?page=0", "?page=-1", "?page=abc", "?page=1.5", "?sort=newest", "?limit=0"]) {
      const res = await api(t().app, "GET", `/api/v1/blogs${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it("sorts by views (popular) and likes (trending), ties broken the same way every time", async () => {
    const popular = (await list("?sort=popular&limit=100")).data;
    for (let i = 1; i < popular.length; i++) expect(popular[i - 1]!.viewCount).toBeGreaterThanOrEqual(popular[i]!.viewCount);
    const trending = (await list("?sort=trending&limit=100")).data;
    for (let i = 1; i < trending.length; i++) expect(trending[i - 1]!.likeCount).toBeGreaterThanOrEqual(trending[i]!.likeCount);
    expect((await list("?sort=trending&limit=100")).data.map((a) => a._id)).toEqual(trending.map((a) => a._id));
  });

  it("counts categories so they add up to the published total, and filters by category", async () => {
    const categories = (await api(t().app, "GET", "/api/v1/blogs/categories")).body.data as Array<{ category: string; count: number }>;
    const total = (await list("?limit=1")).total;
    expect(categories.reduce((sum, c) => sum + c.count, 0)).toBe(total);
    expect(categories.length).toBeGreaterThanOrEqual(5);
    const first = categories[0]!;
    const filtered = await list(`?category=${encodeURIComponent(first.category)}&limit=100`);
    expect(filtered.total).toBe(first.count);
    expect(filtered.data.every((a) => a.category === first.category)).toBe(true);
  });

  it("reads an article by slug or id, counting each view, and 404s anything else", async () => {
    const [item] = (await list("?limit=1")).data;
    const bySlug = await api(t().app, "GET", `/api/v1/blogs/${item!.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.content).toMatch(/<h2 id="[^"]+">/);
    const byId = await api(t().app, "GET", `/api/v1/blogs/${item!._id}`);
    // Both reads answer the same cached article (the count in it lags by the cache's lifetime)…
    expect(byId.body.data).toEqual(bySlug.body.data);
    // … and both views are counted.
    const before = bySlug.body.data.viewCount as number;
    await t().app.blog.flushViews();
    const row = await t().database.db.selectFrom("articles").select("view_count").where("id", "=", item!._id).executeTakeFirstOrThrow();
    expect(Number(row.view_count)).toBe(before + 1);
    for (const unknown of ["does-not-exist", "00000000-0000-0000-0000-000000000000", "12345", "%27%20or%201%3D1"]) {
      const res = await api(t().app, "GET", `/api/v1/blogs/${unknown}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, requestId: expect.any(String), message: BLOG_MESSAGES.notFound });
    }
  });

  it("ranks by how many of the words the title holds, and only counts articles that hold every word", async () => {
    const one = await create({ title: "Zyxplover ledger audits", markdown: "## Notes\n\nA field note on the qwoppet season." });
    const both = await create({ title: "Zyxplover and qwoppet ledgers", markdown: "## Notes\n\nA plain body." });
    const bodyOnly = await create({ title: "Warehouse receipts", markdown: "## Notes\n\nZyxplover and qwoppet both appear here." });
    const partial = await create({ title: "Zyxplover without the other word", markdown: "## Notes\n\nNothing more." });
    const res = await list("?search=zyxplover%20qwoppet");
    expect(res.data.map((a) => a._id)).toEqual([both._id, one._id, bodyOnly._id]);
    expect(res.total).toBe(3);
    expect(res.data.map((a) => a._id)).not.toContain(partial._id);
    // A page past the first keeps the same order and the same total.
    const second = await list("?search=zyxplover%20qwoppet&limit=2&page=2");
    expect(second.data.map((a) => a._id)).toEqual([bodyOnly._id]);
    expect(second.total).toBe(3);
  });

  it("likes and unlikes without sign-in, never below zero", async () => {
    const article = await create({ title: "Likes test", markdown: "Body text." });
    expect(article.likeCount).toBe(0);
    const unlike = await api(t().app, "PUT", `/api/v1/blogs/${article._id}/unlike`);
    expect(unlike.body.data.likeCount).toBe(0);
    expect((await api(t().app, "PUT", `/api/v1/blogs/${article._id}/like`)).body.data.likeCount).toBe(1);
    expect((await api(t().app, "PUT", `/api/v1/blogs/${article.slug}/like`)).body.data.likeCount).toBe(2);
    expect((await api(t().app, "PUT", `/api/v1/blogs/${article._id}/unlike`)).body.data.likeCount).toBe(1);
    expect((await api(t().app, "PUT", "/api/v1/blogs/nope/like")).status).toBe(404);
  });

  it("ranks a title match above a body-only match, matches accents and case either way, and the last word as a prefix", async () => {
    const body = await create({ title: "Warehouse receipts explained", markdown: "## Notes\n\nThe zyxquartzite vault audit matters here." });
    const title = await create({ title: "Zyxquartzite custody basics", markdown: "## Notes\n\nA plain body about custody." });
    const res = await list("?search=zyxquartzite");
    expect(res.data.map((a) => a._id)).toEqual([title._id, body._id]);
    expect(res.total).toBe(2);
    expect((await list("?search=ZYXQUARTZ")).data.map((a) => a._id)).toEqual([title._id, body._id]);

    const accented = await create({ title: "Café Société and the Zürich vault", markdown: "Text." });
    for (const q of ["cafe societe", "CAFÉ", "zurich vault", "Zürich"]) {
      expect(
        (await list(`?search=${encodeURIComponent(q)}`)).data.map((a) => a._id),
        q,
      ).toContain(accented._id);
    }
    expect((await list("?search=custody")).total).toBeGreaterThan(1);
    expect((await list("?search=zzqqnothinglikethis")).data).toEqual([]);
  });

  it("treats operator-laden, SQL-like and very long searches as plain words: results or an empty list, never an error", async () => {
    const hostile = [
      '"',
      "*",
      "-",
      ":",
      "()",
      "(((",
      '"unclosed',
      "NEAR(a b)",
      "title:custody",
      "-custody",
      "custody*",
      "' OR 1=1 --",
      "'); DROP TABLE articles; --",
      "custody & | ! <->",
      "a".repeat(500),
      "ünïcödé ✓ 🚀",
      "\\",
      "%_%",
    ];
    for (const q of hostile) {
      const res = await api(t().app, "GET", `/api/v1/blogs?search=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body.data), q).toBe(true);
    }
    expect((await list("?limit=1")).total).toBeGreaterThanOrEqual(24);
    expect((await api(t().app, "GET", `/api/v1/blogs?search=${"a".repeat(501)}`)).status).toBe(400);
  });

  it("sanitizes HTML on write: scripts, inline handlers and javascript: links are gone", async () => {
    const article = await create({
      title: "Sanitizer test",
      content: `<h2 onmouseover="x()">Heading</h2><p>Text<script>alert(1)</script></p><a href="javascript:alert(1)">link</a><img src="/i.png" alt="A chart" onerror="alert(1)"><iframe src="https://x"></iframe>`,
    });
    const stored = (await api(t().app, "GET", `/api/v1/blogs/${article._id}`)).body.data.content as string;
    expect(stored).not.toMatch(/script|onmouseover|onerror|javascript:|iframe|alert/);
    expect(stored).toContain('<h2 id="heading">Heading</h2>');
  });

  it("guards admin writes: 401 anonymous, 403 members, 400 invalid, 404 unknown; update and delete (then 410) work", async () => {
    const body = { title: "Guarded", excerpt: "E", category: "C", author: { name: "A" }, markdown: "x" };
    expect((await api(t().app, "POST", "/api/v1/blogs", body)).status).toBe(401);
    expect((await api(t().app, "POST", "/api/v1/blogs", body, member)).status).toBe(403);
    const invalid = await api(t().app, "POST", "/api/v1/blogs", { title: "" }, admin);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ title: "Title is required" });
    expect((await api(t().app, "PUT", "/api/v1/blogs/unknown-id", { title: "X" }, admin)).status).toBe(404);
    expect((await api(t().app, "DELETE", "/api/v1/blogs/unknown-id", undefined, member)).status).toBe(403);

    const created = await create({ title: "Draft then publish", markdown: "Body", status: "draft" });
    expect((await api(t().app, "GET", `/api/v1/blogs/${created._id}`)).status).toBe(404);
    const updated = await api(t().app, "PUT", `/api/v1/blogs/${created._id}`, { status: "published", title: "Now public" }, admin);
    expect(updated.status).toBe(200);
    expect(updated.body.data.title).toBe("Now public");
    expect((await list("?search=now%20public")).data.map((a) => a._id)).toContain(created._id);

    const duplicate = await api(t().app, "POST", "/api/v1/blogs", { ...body, slug: created.slug }, admin);
    expect(duplicate.status).toBe(409);

    const removed = await t().app.inject({ method: "DELETE", url: `/api/v1/blogs/${created._id}`, headers: { authorization: `Bearer ${admin}` } });
    expect(removed.statusCode).toBe(204);
    // Gone, not unknown: a removed article answers 410 (redirects.test.ts).
    expect((await api(t().app, "GET", `/api/v1/blogs/${created._id}`)).status).toBe(410);
  });
});
