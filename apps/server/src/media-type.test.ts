import { beforeAll, expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { describeEachDatabase } from "../test/harness.ts";
import { api, signedInUser } from "../test/helpers.ts";
import { databaseFingerprint, writeOperations } from "../test/hostile-requests.ts";

/*
 * The API's media-type rule: every JSON route answers 415 with the envelope to a
 * body that is not JSON, and a route that takes no body refuses a non-empty body of another type.
 * text/plain matters most: a page on another site can post it without a CORS preflight. Nothing is
 * stored by a refused request. application/…+json is JSON.
 */

/** The routes that take other types on purpose: uploads (multipart: images and author photos) and RFC 8058 one-click (a form POST). */
const OTHER_TYPES: Record<string, string[]> = {
  "POST /api/v1/admin/media": ["multipart/form-data"],
  "POST /api/v1/admin/author-photos": ["multipart/form-data"],
  "POST /api/v1/newsletter/unsubscribe": ["application/x-www-form-urlencoded", "multipart/form-data"],
};

const BODIES: Array<[string, string]> = [
  ["text/plain", '{"email":"a@example.com"}'],
  ["text/plain;charset=UTF-8", "hello"],
  ["application/x-www-form-urlencoded", "email=a%40example.com&password=x"],
  ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  ["application/xml", "<a>1</a>"],
];

describeEachDatabase("media types", (t) => {
  let admin = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
  });

  it("answers 415 with the envelope to every non-JSON body on every write route, and stores nothing", async () => {
    const routes = writeOperations(t().app);
    expect(routes.length).toBeGreaterThan(40);
    const before = await databaseFingerprint(t().database.db);
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(" ") as [string, string];
      const url = path.replace(/\{[^}]+\}/g, "x");
      for (const [type, payload] of BODIES) {
        if (OTHER_TYPES[route]?.some((allowed) => type.startsWith(allowed))) continue;
        const res = await t().app.inject({ method: method as "POST", url, headers: { "content-type": type, authorization: `Bearer ${admin}` }, payload });
        const body = res.json() as { success?: boolean; message?: string };
        if (res.statusCode !== 415 || body.success !== false || body.message !== MESSAGES.unsupportedMediaType)
          wrong.push(`${route} ${type} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t().database.db)).toBe(before);
  });

  it("refuses a text/plain body on a route that takes none: a like from another site changes no count", async () => {
    const list = await api(t().app, "GET", "/api/v1/blogs?limit=1");
    const article = list.body.data[0] as { _id: string; likeCount: number };
    for (const action of ["like", "unlike"]) {
      const res = await t().app.inject({
        method: "PUT",
        url: `/api/v1/blogs/${article._id}/${action}`,
        headers: { "content-type": "text/plain" },
        payload: "x",
      });
      expect(res.statusCode).toBe(415);
    }
    const after = await api(t().app, "GET", `/api/v1/blogs/${article._id}`);
    expect(after.body.data.likeCount).toBe(article.likeCount);
  });

  it("takes application/…+json as JSON, and no body at all where none is needed", async () => {
    const login = await t().app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "content-type": "application/vnd.api+json" },
      payload: JSON.stringify({ email: "nobody@example.com", password: "wrong password" }),
    });
    expect(login.statusCode).toBe(401);
    const list = await api(t().app, "GET", "/api/v1/blogs?limit=1");
    const like = await t().app.inject({ method: "PUT", url: `/api/v1/blogs/${list.body.data[0]._id}/like` });
    expect(like.statusCode).toBe(200);
  });
});
