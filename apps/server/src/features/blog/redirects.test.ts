import { beforeAll, expect, it } from "vitest";
import { REDIRECT_MESSAGES } from "@vestin/shared/blog";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser, signedInUser } from "../../../test/helpers.ts";
import { createRedirects, REDIRECT_TABLE_TTL_MS } from "./redirects.ts";

type Redirect = { _id: string; fromPath: string; toPath: string | null; kind: string };

describeEachDatabase("redirects", (t) => {
  let admin = "";
  let member = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    member = (await signedInUser(t().app, t().database.db)).token;
  });
  const create = async (slug: string) => {
    const body = { title: `Article ${slug}`, slug, excerpt: "An excerpt.", category: "Testing", author: { name: "Test Author" }, content: "<p>Body</p>" };
    const res = await api(t().app, "POST", "/api/v1/blogs", body, admin);
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; slug: string };
  };
  const rename = async (id: string, slug: string) => {
    const res = await api(t().app, "PUT", `/api/v1/blogs/${id}`, { slug }, admin);
    expect(res.status).toBe(200);
  };
  const read = (idOrSlug: string) => api(t().app, "GET", `/api/v1/blogs/${idOrSlug}`);
  const listed = async () => (await api(t().app, "GET", "/api/v1/admin/redirects?limit=200", undefined, admin)).body.data as Redirect[];
  const addManual = (fromPath: string, toPath: string, token = admin) => api(t().app, "POST", "/api/v1/admin/redirects", { fromPath, toPath }, token);

  it("answers 301 from an old slug to the new one, with the new slug in the envelope, and keeps the page path in the table", async () => {
    const article = await create("first-slug");
    await rename(article._id, "second-slug");
    const res = await read("first-slug");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/api/v1/blogs/second-slug");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.body).toMatchObject({ success: false, message: REDIRECT_MESSAGES.moved, data: { slug: "second-slug", path: "/blog/second-slug" } });
    expect((await read("second-slug")).status).toBe(200);
    expect(await t().app.blog.redirects.pageTarget("/blog/first-slug")).toBe("/blog/second-slug");
    expect(await t().app.blog.redirects.pageTarget("/blog/first-slug/")).toBe("/blog/second-slug");
    expect((await listed()).find((r) => r.fromPath === "/blog/first-slug")).toMatchObject({ toPath: "/blog/second-slug", kind: "slug" });
  });

  it("collapses chains: a → b then b → c sends a straight to c, and renaming back never loops", async () => {
    const article = await create("chain-a");
    await rename(article._id, "chain-b");
    await rename(article._id, "chain-c");
    expect((await read("chain-a")).body.data.slug).toBe("chain-c");
    expect((await read("chain-b")).body.data.slug).toBe("chain-c");
    await rename(article._id, "chain-a");
    expect((await read("chain-a")).status).toBe(200);
    expect((await read("chain-b")).body.data.slug).toBe("chain-a");
    expect((await read("chain-c")).body.data.slug).toBe("chain-a");
    const rows = await listed();
    const froms = new Set(rows.map((r) => r.fromPath));
    // No target is itself an old path: one lookup answers every request.
    expect(rows.filter((r) => r.toPath !== null && froms.has(r.toPath))).toEqual([]);
    expect(froms.has("/blog/chain-a")).toBe(false);
  });

  it("lets another article take a freed slug, and then the old redirect goes away", async () => {
    const first = await create("reused-slug");
    await rename(first._id, "reused-slug-moved");
    expect((await read("reused-slug")).status).toBe(301);
    const second = await create("reused-slug");
    const res = await read("reused-slug");
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(second._id);
    expect((await listed()).some((r) => r.fromPath === "/blog/reused-slug")).toBe(false);
    expect(await t().app.blog.redirects.pageTarget("/blog/reused-slug")).toBeUndefined();
  });

  it("answers 410 Gone at a removed article's slug, id and every old slug, not 404", async () => {
    const article = await create("to-remove");
    await rename(article._id, "to-remove-later");
    expect((await api(t().app, "DELETE", `/api/v1/blogs/${article._id}`, undefined, admin)).status).toBe(204);
    for (const path of ["to-remove-later", article._id, "to-remove"]) {
      const res = await read(path);
      expect(res.status, path).toBe(410);
      expect(res.body).toMatchObject({ success: false, message: REDIRECT_MESSAGES.removed });
    }
    expect(await t().app.blog.redirects.pageTarget("/blog/to-remove")).toBeUndefined();
    expect((await read("never-existed")).status).toBe(404);
  });

  it("adds, lists and deletes manual redirects, which the page table follows at once", async () => {
    const added = await addManual("/old-campaign", "/presale?ref=campaign");
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ fromPath: "/old-campaign", toPath: "/presale?ref=campaign", kind: "manual" });
    expect(await t().app.blog.redirects.pageTarget("/old-campaign")).toBe("/presale?ref=campaign");
    expect((await listed()).some((r) => r._id === added.body.data._id)).toBe(true);
    // Chained onto it: the new one goes straight to the end, and an entry pointing at a new old path follows it.
    const chained = await addManual("/older-campaign", "/old-campaign");
    expect(chained.body.data.toPath).toBe("/presale?ref=campaign");
    const deleted = await api(t().app, "DELETE", `/api/v1/admin/redirects/${added.body.data._id}`, undefined, admin);
    expect(deleted.status).toBe(204);
    expect(await t().app.blog.redirects.pageTarget("/old-campaign")).toBeUndefined();
    expect((await api(t().app, "DELETE", `/api/v1/admin/redirects/${added.body.data._id}`, undefined, admin)).status).toBe(404);
    // The audit log names every write.
    const audit = await t().database.db.selectFrom("audit_log").select("action").where("target_type", "=", "redirects").execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["POST /api/v1/admin/redirects", "DELETE /api/v1/admin/redirects/:id"]));
  });

  it("stores paths as a browser sends them, and never hides an article's page, draft or not", async () => {
    const added = await addManual("/Café/../promo/", "/learn");
    expect(added.body.data.fromPath).toBe("/promo");
    expect((await addManual("/café", "/learn")).body.data.fromPath).toBe("/caf%C3%A9");
    expect(await t().app.blog.redirects.pageTarget("/caf%C3%A9")).toBe("/learn");
    const draft = await api(
      t().app,
      "POST",
      "/api/v1/blogs",
      { title: "Draft", slug: "draft-page", excerpt: "E", category: "C", author: { name: "A" }, markdown: "x", status: "draft" },
      admin,
    );
    expect(draft.status).toBe(201);
    expect((await addManual("/blog/draft-page", "/articles")).body.errors?.fromPath).toBe(REDIRECT_MESSAGES.livePage);
  });

  it("retargets earlier redirects onto a manual one's target, so chains stay one step", async () => {
    const article = await create("manual-chain");
    await rename(article._id, "manual-chain-2");
    await api(t().app, "DELETE", `/api/v1/blogs/${article._id}`, undefined, admin);
    await addManual("/landing-one", "/landing-two");
    await addManual("/landing-two", "/learn");
    expect(await t().app.blog.redirects.pageTarget("/landing-one")).toBe("/learn");
    expect(await t().app.blog.redirects.pageTarget("/landing-two")).toBe("/learn");
  });

  it("refuses paths with schemes, without a slash, to themselves, loops, duplicates, live articles and /api", async () => {
    await create("live-article");
    await addManual("/loop-a", "/loop-b");
    const cases: Array<[string, string, number, string, string]> = [
      ["https://evil.example/x", "/a", 400, "fromPath", REDIRECT_MESSAGES.noScheme],
      ["/a", "//evil.example", 400, "toPath", REDIRECT_MESSAGES.noScheme],
      ["/a", "javascript:alert(1)", 400, "toPath", REDIRECT_MESSAGES.noScheme],
      ["old-page", "/a", 400, "fromPath", REDIRECT_MESSAGES.pathFormat],
      ["/same", "/same", 400, "toPath", REDIRECT_MESSAGES.toItself],
      ["/loop-b", "/loop-a", 400, "toPath", REDIRECT_MESSAGES.loop],
      ["/loop-a", "/elsewhere", 409, "fromPath", REDIRECT_MESSAGES.fromTaken],
      ["/blog/live-article", "/articles", 400, "fromPath", REDIRECT_MESSAGES.livePage],
      ["/api/v1/blogs", "/articles", 400, "fromPath", REDIRECT_MESSAGES.notAPage],
      ["/to-removed", "/blog/manual-chain-2", 400, "toPath", REDIRECT_MESSAGES.targetRemoved],
    ];
    // A loop through targets that carry a query: /q-x → /q-y?a, /q-y → /q-z?b, then /q-z → /q-x.
    expect((await addManual("/q-x", "/q-y?a=1")).status).toBe(201);
    expect((await addManual("/q-y", "/q-z?b=1")).status).toBe(201);
    cases.push(["/q-z", "/q-x", 400, "toPath", REDIRECT_MESSAGES.loop]);
    for (const [fromPath, toPath, status, field, message] of cases) {
      const res = await addManual(fromPath, toPath);
      expect(res.status, `${fromPath} → ${toPath}`).toBe(status);
      expect(res.body.errors?.[field], `${fromPath} → ${toPath}`).toBe(message);
    }
    expect((await addManual("", "/a")).body.errors?.fromPath).toBe("The old path is required");
  });

  it("sees another server's change within the table's lifetime in memory", async () => {
    let clock = 1_000;
    // A second copy of the service: what another server behind the same balancer holds.
    const elsewhere = createRedirects({ db: t().database.db, isArticleSlug: async () => false, now: () => clock });
    expect(await elsewhere.pageTarget("/made-elsewhere")).toBeUndefined();
    expect((await addManual("/made-elsewhere", "/learn")).status).toBe(201);
    clock += REDIRECT_TABLE_TTL_MS - 1;
    expect(await elsewhere.pageTarget("/made-elsewhere")).toBeUndefined();
    clock += 1;
    // Past its lifetime the old copy answers while one read renews it.
    await expect.poll(() => elsewhere.pageTarget("/made-elsewhere")).toBe("/learn");
  });

  it("describes the moved and removed answers and the console's routes in the OpenAPI document", async () => {
    const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, Record<string, { responses: object }>> };
    expect(Object.keys(doc.paths["/api/v1/blogs/{id}"]?.get?.responses ?? {})).toEqual(expect.arrayContaining(["200", "301", "404", "410"]));
    expect(Object.keys(doc.paths["/api/v1/admin/redirects"] ?? {})).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths["/api/v1/admin/redirects/{id}"] ?? {})).toEqual(["delete"]);
  });

  it("answers the console's routes to administrators with a second factor only", async () => {
    expect((await api(t().app, "GET", "/api/v1/admin/redirects")).status).toBe(401);
    expect((await api(t().app, "GET", "/api/v1/admin/redirects", undefined, member)).status).toBe(403);
    expect((await addManual("/x", "/y", member)).status).toBe(403);
    expect((await api(t().app, "DELETE", "/api/v1/admin/redirects/anything", undefined, member)).status).toBe(403);
    // An administrator who has not set up two-factor sign-in is refused too.
    const user = newUser();
    const registered = await api(t().app, "POST", "/api/v1/auth/register", user);
    await t().database.db.updateTable("users").set({ role: "admin" }).where("id", "=", registered.body.data.user._id).execute();
    const res = await api(t().app, "GET", "/api/v1/admin/redirects", undefined, registered.body.data.token as string);
    expect(res.status).toBe(403);
    expect(res.body.errors?.twoFactor).toBe("required");
  });
});
