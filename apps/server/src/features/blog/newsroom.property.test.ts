import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against the newsroom's console API, with an administrator's token: scheduling,
 * authors and their photos, revisions' restores and preview links never answer 5xx, and a refusal
 * changes nothing (the audit log included).
 */

describeEachDatabase(
  "newsroom routes under hostile input",
  (t) => {
    let admin = "";
    let articleId = "";
    let authorId = "";
    let lessonId = "";
    let previewId = "";
    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      const article = await api(
        app,
        "POST",
        "/api/v1/blogs",
        {
          title: `Hostile draft ${Date.now()}`,
          excerpt: "For the property runs.",
          category: "Education",
          author: { name: "Prop Erty" },
          status: "draft",
          markdown: "Text.",
        },
        admin,
      );
      expect(article.status).toBe(201);
      articleId = article.body.data._id as string;
      const author = await api(app, "POST", "/api/v1/admin/authors", { name: `Hostile Author ${Date.now()}` }, admin);
      expect(author.status).toBe(201);
      authorId = author.body.data._id as string;
      lessonId = (await createCourse(app, admin, 1)).lessons[0] as string;
      const preview = await api(app, "POST", "/api/v1/admin/previews", { kind: "article", subjectId: articleId, lifetime: "1h" }, admin);
      expect(preview.status).toBe(201);
      previewId = preview.body.data._id as string;
    });

    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "PUT /api/v1/admin/articles/{id}/schedule",
        () => ({ method: "PUT", path: "/api/v1/admin/articles/{id}/schedule", token: admin, params: { id: articleId }, body: { scheduledAt: inAnHour() } }),
      ],
      [
        "DELETE /api/v1/admin/articles/{id}/schedule",
        () => ({ method: "DELETE", path: "/api/v1/admin/articles/{id}/schedule", token: admin, params: { id: articleId } }),
      ],
      [
        "POST /api/v1/admin/authors",
        () => ({
          method: "POST",
          path: "/api/v1/admin/authors",
          token: admin,
          body: { name: "Writer {unique}", bio: "Writes.", links: { website: "https://example.com" } },
        }),
      ],
      [
        "PUT /api/v1/admin/authors/{id}",
        () => ({ method: "PUT", path: "/api/v1/admin/authors/{id}", token: admin, params: { id: authorId }, body: { bio: "Writes about ports.", links: {} } }),
      ],
      ["DELETE /api/v1/admin/authors/{id}", () => ({ method: "DELETE", path: "/api/v1/admin/authors/{id}", token: admin, params: { id: authorId } })],
      ["POST /api/v1/admin/author-photos (multipart)", () => ({ method: "POST", path: "/api/v1/admin/author-photos", token: admin, multipart: true })],
      [
        "POST /api/v1/admin/articles/{id}/revisions/{number}/restore",
        () => ({ method: "POST", path: "/api/v1/admin/articles/{id}/revisions/{number}/restore", token: admin, params: { id: articleId, number: "1" } }),
      ],
      [
        "POST /api/v1/admin/lessons/{id}/revisions/{number}/restore",
        () => ({ method: "POST", path: "/api/v1/admin/lessons/{id}/revisions/{number}/restore", token: admin, params: { id: lessonId, number: "1" } }),
      ],
      [
        "POST /api/v1/admin/previews",
        () => ({ method: "POST", path: "/api/v1/admin/previews", token: admin, body: { kind: "article", subjectId: articleId, lifetime: "1d" } }),
      ],
      [
        "POST /api/v1/admin/previews/{id}/revoke",
        () => ({ method: "POST", path: "/api/v1/admin/previews/{id}/revoke", token: admin, params: { id: previewId } }),
      ],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal changes nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 40 });
      });
    }
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
