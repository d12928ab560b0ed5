import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { AUTHOR_MESSAGES } from "@vestin/shared/authors";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { SEEDED_AUTHOR_BIOS } from "./seed/author-bios.ts";
import { blogSeeder } from "./seed.ts";

type AdminAuthor = { _id: string; slug: string; name: string; bio: string; links: Record<string, string>; accountEmail: string | null; articleCount: number };

describeEachDatabase("authors and tags", (t) => {
  let admin = "";
  let member = "";
  let memberEmail = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    const m = await signedInUser(t().app, t().database.db);
    member = m.token;
    memberEmail = m.email;
  });
  const addAuthor = async (body: Record<string, unknown>) => {
    const res = await api(t().app, "POST", "/api/v1/admin/authors", body, admin);
    expect(res.status).toBe(201);
    return res.body.data as AdminAuthor;
  };
  const addArticle = async (slug: string, fields: Record<string, unknown>) => {
    const body = { title: `Article ${slug}`, slug, excerpt: "An excerpt.", category: "Testing", content: "<p>Body</p>", ...fields };
    const res = await api(t().app, "POST", "/api/v1/blogs", body, admin);
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; slug: string; author: { name: string }; authors: Array<{ slug: string; name: string }> };
  };

  it("made an author of every seeded author name and linked each article to its author", async () => {
    const res = await api(t().app, "GET", "/api/v1/blogs?limit=100");
    expect(res.status).toBe(200);
    const articles = res.body.data as Array<{ author: { name: string }; authors: Array<{ name: string; slug: string }> }>;
    expect(articles.length).toBeGreaterThan(5);
    for (const article of articles) {
      expect(article.authors.map((a) => a.name)).toEqual([article.author.name]);
      expect(article.authors[0]?.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const listed = (await api(t().app, "GET", "/api/v1/admin/authors", undefined, admin)).body.data as AdminAuthor[];
    const names = new Set(articles.map((a) => a.author.name));
    for (const name of names) expect(listed.filter((a) => a.name === name)).toHaveLength(1);
  });

  it("gives every seeded author their bio, and a later seed never writes over an administrator's", async () => {
    const listed = (await api(t().app, "GET", "/api/v1/admin/authors", undefined, admin)).body.data as AdminAuthor[];
    for (const [name, bio] of Object.entries(SEEDED_AUTHOR_BIOS)) {
      const author = listed.find((a) => a.name === name);
      expect(author?.bio, name).toBe(bio);
      expect(bio.length, name).toBeLessThanOrEqual(280);
    }
    const priya = listed.find((a) => a.name === "Priya Raman");
    expect((await api(t().app, "GET", `/api/v1/authors/${priya?.slug}`)).body.data.author.bio).toBe(SEEDED_AUTHOR_BIOS["Priya Raman"]);
    await api(t().app, "PUT", `/api/v1/admin/authors/${priya?._id}`, { bio: "Written in the console." }, admin);
    const { database } = t();
    await database.db.transaction().execute((trx) => blogSeeder.run(trx, database, { version: blogSeeder.version - 1, seededAt: new Date().toISOString() }));
    const after = (await api(t().app, "GET", "/api/v1/admin/authors", undefined, admin)).body.data as AdminAuthor[];
    expect(after.find((a) => a.name === "Priya Raman")?.bio).toBe("Written in the console.");
    expect(after.find((a) => a.name === "Mateo Alvarez")?.bio).toBe(SEEDED_AUTHOR_BIOS["Mateo Alvarez"]);
  });

  it("keeps the console's authors to administrators: 401 signed out, 403 for a learner", async () => {
    expect((await api(t().app, "GET", "/api/v1/admin/authors")).status).toBe(401);
    expect((await api(t().app, "GET", "/api/v1/admin/authors", undefined, member)).status).toBe(403);
    expect((await api(t().app, "POST", "/api/v1/admin/authors", { name: "Eve" }, member)).status).toBe(403);
    expect((await api(t().app, "POST", "/api/v1/admin/authors", { name: "Eve" })).status).toBe(401);
    const listed = (await api(t().app, "GET", "/api/v1/admin/authors", undefined, admin)).body.data as AdminAuthor[];
    expect(listed.some((a) => a.name === "Eve")).toBe(false);
  });

  it("accepts only https links and a short bio; a refused write changes nothing", async () => {
    const bad = [
      { name: "Link Tester", links: { website: "http://example.com" } },
      { name: "Link Tester", links: { x: "javascript:alert(1)" } },
      { name: "Link Tester", links: { github: "https://user:pw@github.com/x" } },
      { name: "Link Tester", links: { mastodon: "https://example.social/@a" } },
      { name: "Link Tester", bio: "x".repeat(281) },
      { name: "" },
      { name: "Link Tester", slug: "Not A Slug" },
    ];
    for (const body of bad) {
      const res = await api(t().app, "POST", "/api/v1/admin/authors", body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const http = await api(t().app, "POST", "/api/v1/admin/authors", { name: "Link Tester", links: { website: "http://example.com" } }, admin);
    expect(http.body.errors).toMatchObject({ "links.website": AUTHOR_MESSAGES.httpsOnly });
    const listed = (await api(t().app, "GET", "/api/v1/admin/authors", undefined, admin)).body.data as AdminAuthor[];
    expect(listed.some((a) => a.name === "Link Tester")).toBe(false);
    const ok = await addAuthor({ name: "Link Tester", bio: "Writes.", links: { website: "https://example.com", linkedin: "https://www.linkedin.com/in/x" } });
    expect(ok).toMatchObject({ slug: "link-tester", links: { website: "https://example.com", linkedin: "https://www.linkedin.com/in/x" } });
  });

  it("links an author to an account by e-mail, refuses an unknown address and a second author on the same account", async () => {
    const unknown = await api(t().app, "POST", "/api/v1/admin/authors", { name: "Nobody", accountEmail: "nobody-here@example.com" }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(AUTHOR_MESSAGES.accountNotFound);
    const linked = await addAuthor({ name: "Account Author", accountEmail: memberEmail });
    expect(linked.accountEmail).toBe(memberEmail.toLowerCase());
    const second = await api(t().app, "POST", "/api/v1/admin/authors", { name: "Second", accountEmail: memberEmail }, admin);
    expect(second.status).toBe(409);
    const unlinked = await api(t().app, "PUT", `/api/v1/admin/authors/${linked._id}`, { accountEmail: "" }, admin);
    expect(unlinked.body.data.accountEmail).toBeNull();
  });

  it("orders an article's authors, renames the byline with the author, and refuses to delete an author with articles", async () => {
    const ana = await addAuthor({ name: "Ana Ortega" });
    const ben = await addAuthor({ name: "Ben Osei" });
    const article = await addArticle("two-authors", { authorIds: [ben._id, ana._id], tags: ["DeFi", "yield"] });
    expect(article.authors.map((a) => a.slug)).toEqual(["ben-osei", "ana-ortega"]);
    expect(article.author.name).toBe("Ben Osei and Ana Ortega");
    const unknown = await api(t().app, "POST", "/api/v1/blogs", { title: "X", excerpt: "x", category: "T", content: "<p>x</p>", authorIds: ["nope"] }, admin);
    expect(unknown.status).toBe(400);

    await api(t().app, "PUT", `/api/v1/admin/authors/${ben._id}`, { name: "Benjamin Osei" }, admin);
    const read = await api(t().app, "GET", "/api/v1/blogs/two-authors");
    expect(read.body.data.author.name).toBe("Benjamin Osei and Ana Ortega");
    expect(read.body.data.authors.map((a: { name: string }) => a.name)).toEqual(["Benjamin Osei", "Ana Ortega"]);

    const refused = await api(t().app, "DELETE", `/api/v1/admin/authors/${ana._id}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(AUTHOR_MESSAGES.hasArticles);
    expect((await api(t().app, "GET", `/api/v1/admin/authors/${ana._id}`, undefined, admin)).status).toBe(200);

    const moved = await api(t().app, "PUT", `/api/v1/blogs/${article._id}`, { authorIds: [ben._id] }, admin);
    expect(moved.body.data.authors.map((a: { slug: string }) => a.slug)).toEqual(["ben-osei"]);
    expect((await api(t().app, "DELETE", `/api/v1/admin/authors/${ana._id}`, undefined, admin)).status).toBe(204);
    expect((await api(t().app, "GET", `/api/v1/admin/authors/${ana._id}`, undefined, admin)).status).toBe(404);
  });

  it("pages an author's published articles, 12 a page, newest first, never a draft", async () => {
    const author = await addAuthor({ name: "Paging Author", bio: "Writes a lot.", links: { github: "https://github.com/paging" } });
    for (let i = 0; i < 14; i++) {
      await addArticle(`paging-${i}`, { authorIds: [author._id], publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), tags: ["paging-tag"] });
    }
    await addArticle("paging-draft", { authorIds: [author._id], status: "draft", tags: ["paging-tag"] });
    const first = await api(t().app, "GET", `/api/v1/authors/${author.slug}`);
    expect(first.status).toBe(200);
    expect(first.body.data.author).toMatchObject({ name: "Paging Author", bio: "Writes a lot.", links: { github: "https://github.com/paging" } });
    expect(first.body.data).toMatchObject({ total: 14, page: 1, limit: 12, pages: 2 });
    expect(first.body.data.articles).toHaveLength(12);
    expect(first.body.data.articles[0].slug).toBe("paging-13");
    const second = await api(t().app, "GET", `/api/v1/authors/${author.slug}?page=2`);
    expect(second.body.data.articles.map((a: { slug: string }) => a.slug)).toEqual(["paging-1", "paging-0"]);
    expect((await api(t().app, "GET", `/api/v1/authors/${author.slug}?page=0`)).status).toBe(400);
    expect((await api(t().app, "GET", "/api/v1/authors/no-such-author")).status).toBe(404);

    const tag = await api(t().app, "GET", "/api/v1/tags/paging-tag?page=2");
    expect(tag.status).toBe(200);
    expect(tag.body.data).toMatchObject({ tag: { slug: "paging-tag", name: "paging-tag" }, total: 14, pages: 2 });
    expect(tag.body.data.articles.some((a: { slug: string }) => a.slug === "paging-draft")).toBe(false);
    expect((await api(t().app, "GET", "/api/v1/tags/no-such-tag")).status).toBe(404);
  });

  it("finds a tag by its slug whatever its case, and drops it when its last article becomes a draft", async () => {
    const article = await addArticle("tag-case", { author: { name: "Tag Writer" }, tags: ["Zeta Quasär"] });
    const found = await api(t().app, "GET", "/api/v1/tags/zeta-quasar");
    expect(found.status).toBe(200);
    expect(found.body.data.tag.name).toBe("zeta quasär");
    await api(t().app, "PUT", `/api/v1/blogs/${article._id}`, { status: "draft" }, admin);
    expect((await api(t().app, "GET", "/api/v1/tags/zeta-quasar")).status).toBe(404);
    const topics = (await api(t().app, "GET", "/api/v1/blog-topics")).body.data as { authors: Array<{ slug: string }>; tags: Array<{ slug: string }> };
    expect(topics.tags.some((x) => x.slug === "zeta-quasar")).toBe(false);
    expect(topics.authors.some((x) => x.slug === "tag-writer")).toBe(false);
    expect(topics.tags.some((x) => x.slug === "paging-tag")).toBe(true);
  });

  it("clears the cached author page when an administrator writes", async () => {
    const author = await addAuthor({ name: "Cache Author" });
    await addArticle("cache-one", { authorIds: [author._id] });
    expect((await api(t().app, "GET", "/api/v1/authors/cache-author")).body.data.author.bio).toBe("");
    await api(t().app, "PUT", `/api/v1/admin/authors/${author._id}`, { bio: "New bio." }, admin);
    expect((await api(t().app, "GET", "/api/v1/authors/cache-author")).body.data.author.bio).toBe("New bio.");
  });

  it("stores an uploaded photo as square 256 px and 64 px WebP images; a learner cannot upload", async () => {
    await t().app.listen({ port: 0, host: "127.0.0.1" });
    const address = t().app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7c3aed" } })
      .png()
      .toBuffer();
    const upload = (token: string) => {
      const form = new FormData();
      form.append("file", new Blob([png], { type: "image/png" }), "portrait.png");
      return fetch(`${base}/api/v1/admin/author-photos`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    };
    expect((await upload(member)).status).toBe(403);
    const res = await upload(admin);
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { photoUrl: string; photoSmallUrl: string } };
    for (const [url, size] of [
      [data.photoUrl, 256],
      [data.photoSmallUrl, 64],
    ] as const) {
      const image = await fetch(`${base}${url}`);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: size, height: size });
    }
    const author = await addAuthor({ name: "Photo Author", photoUrl: data.photoUrl, photoSmallUrl: data.photoSmallUrl });
    expect(author).toMatchObject({ photoUrl: data.photoUrl, photoSmallUrl: data.photoSmallUrl });
    expect((await api(t().app, "POST", "/api/v1/admin/authors", { name: "Bad Photo", photoUrl: "javascript:alert(1)" }, admin)).status).toBe(400);
  });
});
