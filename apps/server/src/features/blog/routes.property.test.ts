import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { hostileString } from "@vestin/shared/testing/hostile-input";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against the blog: likes, views, search and the admin writes never
 * answer 5xx, and a refusal changes nothing (no row, no counter).
 */

describeEachDatabase(
  "blog routes under hostile input",
  (t) => {
    let admin = "";
    let slug = "";
    let editable = "";
    let deletable: string[] = [];
    let draft = "";
    beforeAll(async () => {
      admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
      slug = (await api(t().app, "GET", "/api/v1/blogs?limit=1")).body.data[0].slug as string;
      const create = async (title: string) => (await api(t().app, "POST", "/api/v1/blogs", { ...article, title }, admin)).body.data._id as string;
      editable = await create("Edited by hostile input");
      deletable = [await create("Deleted by hostile input"), await create("Also deleted by hostile input")];
      draft = (await api(t().app, "POST", "/api/v1/blogs", { ...article, title: "Secret draft about tokenization", status: "draft" }, admin)).body.data
        ._id as string;
    });

    const article = {
      title: "Tokenized bonds {unique}",
      excerpt: "Why bonds move on-chain.",
      category: "Securities",
      author: { name: "Ada Lovelace" },
      markdown: "## Coupons\n\nPaid **on time**.",
      tags: ["bonds", "rwa"],
      featuredImage: "/media/x.webp",
      featuredImageAlt: "A bond",
      publishedAt: "2025-01-02T03:04:05.000Z",
      isFeatured: false,
      status: "published",
    };

    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "GET /api/v1/blogs (search, filters, paging)",
        () => ({ method: "GET", path: "/api/v1/blogs", query: { page: "1", limit: "10", category: "Securities", search: "tokenized bonds", sort: "popular" } }),
      ],
      ["GET /api/v1/blogs/{id} (counts a view)", () => ({ method: "GET", path: "/api/v1/blogs/{id}", params: { id: slug } })],
      ["PUT /api/v1/blogs/{id}/like", () => ({ method: "PUT", path: "/api/v1/blogs/{id}/like", params: { id: slug } })],
      ["PUT /api/v1/blogs/{id}/unlike", () => ({ method: "PUT", path: "/api/v1/blogs/{id}/unlike", params: { id: slug } })],
      [
        "POST /api/v1/blogs (admin)",
        () => ({ method: "POST", path: "/api/v1/blogs", token: admin, body: { ...article, content: "<p>HTML <b>content</b></p>" } }),
      ],
      [
        "PUT /api/v1/blogs/{id} (admin)",
        () => ({
          method: "PUT",
          path: "/api/v1/blogs/{id}",
          token: admin,
          params: { id: editable },
          body: { title: "Renamed", excerpt: "New excerpt", tags: ["x"], markdown: "New *body*", isFeatured: true },
        }),
      ],
      ["DELETE /api/v1/blogs/{id} (admin)", () => ({ method: "DELETE", path: "/api/v1/blogs/{id}", token: admin, params: { id: deletable[0] ?? "" } })],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 50 });
      });
    }

    it("search text is only ever words: no syntax reaches SQL or the full-text query, no draft leaks", async () => {
      const published = (await api(t().app, "GET", "/api/v1/blogs?limit=100")).body.total as number;
      await fc.assert(
        fc.asyncProperty(
          hostileString.filter((s) => s.length <= 500 && !s.includes("\u0000")),
          fc.constantFrom("latest", "popular", "trending"),
          async (search, sort) => {
            const res = await t().app.inject({
              method: "GET",
              url: `/api/v1/blogs?limit=100&sort=${sort}&search=${encodeURIComponent(search.replace(/[\uD800-\uDFFF]/g, "\uFFFD"))}`,
            });
            expect(res.statusCode, search).toBe(200);
            const body = res.json() as { total: number; data: Array<{ _id: string }> };
            expect(body.total).toBeLessThanOrEqual(published);
            expect(body.data.map((a) => a._id)).not.toContain(draft);
          },
        ),
        { numRuns: 80 },
      );
    });

    it("still serves the article after the hostile runs", async () => {
      const res = await api(t().app, "GET", `/api/v1/blogs/${slug}`);
      expect(res.status).toBe(200);
      expect(res.body.data.likeCount).toBeGreaterThanOrEqual(0);
    });
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
