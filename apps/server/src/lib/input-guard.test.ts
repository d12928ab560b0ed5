import { describe, expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { describeEachDatabase } from "../../test/harness.ts";
import { findUnstorableText } from "./input-guard.ts";

describe("findUnstorableText", () => {
  it("finds a NUL in a string, a key or anything nested, and names where", () => {
    expect(findUnstorableText("a\u0000b", "")?.path).toBe("");
    expect(findUnstorableText({ a: "ok", b: ["x", { c: "\u0000" }] }, "")?.path).toBe("b.1.c");
    expect(findUnstorableText({ "k\u0000": 1 }, "")?.path).toBe("k\u0000");
    expect(findUnstorableText({ name: "Ada \ud800" }, "")).toEqual({ path: "name", message: MESSAGES.brokenCharacter });
    expect(findUnstorableText({ name: "Ada 🙂 \u00e9" }, "")).toBeUndefined();
    expect(findUnstorableText({ a: "fine", b: [1, true, null] }, "")).toBeUndefined();
  });

  it("walks nesting far deeper than a recursive walk could", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep, "")?.path).toMatch(/^0(\.0)*$/);
  });
});

describeEachDatabase(
  "hostile addresses and NUL characters",
  (t) => {
    it("refuses NUL in the query, a path parameter or the body with a 400 naming the field", async () => {
      const query = await t().app.inject({ method: "GET", url: "/api/v1/blogs?search=a%00b" });
      expect(query.statusCode).toBe(400);
      expect(query.json()).toEqual({
        success: false,
        requestId: expect.any(String),
        message: MESSAGES.nulCharacter,
        errors: { search: MESSAGES.nulCharacter },
      });
      const param = await t().app.inject({ method: "PUT", url: "/api/v1/blogs/%00/like" });
      expect(param.statusCode).toBe(400);
      expect(param.json().errors).toEqual({ id: MESSAGES.nulCharacter });
      const body = await t().app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email: "a@b.co", password: "pass\u0000word" }),
      });
      expect(body.statusCode).toBe(400);
      expect(body.json().errors).toEqual({ password: MESSAGES.nulCharacter });
    });

    it("refuses half a character (an unpaired surrogate) with a 400 naming the field, and stores nothing", async () => {
      const email = `broken.${Date.now()}@example.com`;
      const res = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "content-type": "application/json" },
        // What a client that cut an emoji in half would send: the JSON escape of a lone surrogate.
        payload: `{"firstName":"Ada","lastName":"By\\udfff\\ud800ron","email":"${email}","confirmEmail":"${email}"}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        requestId: expect.any(String),
        message: MESSAGES.brokenCharacter,
        errors: { lastName: MESSAGES.brokenCharacter },
      });
      expect(await t().database.db.selectFrom("contacts").select("id").where("email", "=", email).execute()).toEqual([]);
      // A whole emoji is a character like any other.
      const whole = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ firstName: "Ada 🙂", lastName: "Byron", email, confirmEmail: email }),
      });
      expect(whole.statusCode).toBe(201);
    });

    it("leaves a form's attribution to its schema, which strips NUL, but not the form's other fields", async () => {
      const form = { firstName: "Ada", lastName: "Byron", email: "ada.nul@example.com", confirmEmail: "ada.nul@example.com" };
      const cleaned = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ ...form, attribution: { source: "news\u0000letter" } }),
      });
      expect(cleaned.statusCode).toBe(201);
      const stored = await t().database.db.selectFrom("contacts").select("utm_source").where("id", "=", cleaned.json().data._id).executeTakeFirstOrThrow();
      expect(stored.utm_source).toBe("newsletter");
      const refused = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ ...form, lastName: "By\u0000ron", attribution: { source: "x" } }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ lastName: MESSAGES.nulCharacter });
    });

    it("answers broken percent-encoding and over-long parameters in the envelope, with the security headers", async () => {
      const broken = await t().app.inject({ method: "GET", url: "/api/v1/blogs/%E0%A4%A" });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.badUrl });
      expect(broken.headers["x-content-type-options"]).toBe("nosniff");
      // A parameter past the router's 200 characters matches no route.
      const long = await t().app.inject({ method: "GET", url: `/api/v1/blogs/${"a".repeat(300)}` });
      expect(long.statusCode).toBe(404);
      expect(long.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.routeNotFound });
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
