import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { describeEachDatabase } from "../test/harness.ts";

describeEachDatabase(
  "API plumbing",
  (t) => {
    it("reports health with the database state", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok", db: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
    });

    it("answers unknown API routes with a JSON 404, whatever the method or body", async () => {
      for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
        const res = await t().app.inject({
          method,
          url: "/api/v1/no-such-thing",
          headers: { "content-type": "application/json" },
          payload: method === "GET" ? undefined : "{not json",
        });
        expect(res.statusCode).toBe(404);
        expect(res.headers["content-type"]).toMatch(/application\/json/);
        expect(res.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.routeNotFound });
      }
    });

    it("refuses malformed JSON, oversize bodies and non-JSON bodies with 400, 413 and 415", async () => {
      const echo = (payload: string, contentType = "application/json") =>
        t().app.inject({ method: "POST", url: "/api/v1/__echo", headers: { "content-type": contentType }, payload });

      const malformed = await echo('{"a": ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.malformedJson });

      const empty = await echo("");
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ success: true, data: null });

      const big = await echo(JSON.stringify({ text: "x".repeat(200 * 1024) }));
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.bodyTooLarge });

      const form = await echo("a=1", "application/x-www-form-urlencoded");
      expect(form.statusCode).toBe(415);
      expect(form.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.unsupportedMediaType });

      const poisoned = await echo('{"__proto__": {"admin": true}}');
      expect(poisoned.statusCode).toBe(400);
    });

    it("never leaks a stack trace on an unexpected failure", async () => {
      const { app } = t();
      const res = await app.inject({ method: "GET", url: "/api/v1/__boom" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.internal });
      expect(res.body).not.toContain("secret internal detail");
    });

    it("sends the security headers on every response", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health" });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
    });

    it("tags GET responses with an ETag and answers 304 when it still matches", async () => {
      const first = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const second = await t().app.inject({ method: "GET", url: "/api/openapi.json", headers: { "if-none-match": String(etag) } });
      expect(second.statusCode).toBe(304);
    });

    it("compresses large responses with brotli or gzip as the client asks", async () => {
      const br = await t().app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).openapi).toMatch(/^3\./);
      const gz = await t().app.inject({ method: "GET", url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).info.title).toBe("Vestin API");
    });

    it("publishes the OpenAPI description and browsable docs generated from the zod schemas", async () => {
      const spec = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json();
      expect(spec.paths["/api/v1/health"].get.responses["200"]).toBeDefined();
      expect(spec.paths["/api/v1/__echo"]).toBeUndefined();
      const docs = await t().app.inject({ method: "GET", url: "/api/docs/" });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers["content-type"]).toMatch(/text\/html/);
    });
  },
  {
    prepare(app) {
      app.post("/api/v1/__echo", { schema: { hide: true } }, async (request) => ({ success: true, data: request.body ?? null }));
      app.get("/api/v1/__boom", { schema: { hide: true } }, async () => {
        throw new Error("secret internal detail");
      });
    },
  },
);

describeEachDatabase("health when the database is down", (t) => {
  it("answers 503 with db: down", async () => {
    await t().database.close();
    const res = await t().app.inject({ method: "GET", url: "/api/v1/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "degraded", db: "down" });
  });
});

describeEachDatabase(
  "client address",
  (t) => {
    it("believes X-Forwarded-For only from a local or private-network proxy", async () => {
      const seen: string[] = [];
      const { app } = t();
      const probe = async (remoteAddress: string) => {
        const res = await app.inject({ method: "GET", url: "/api/v1/__ip", remoteAddress, headers: { "x-forwarded-for": "203.0.113.7" } });
        seen.push(res.json().ip);
      };
      await probe("127.0.0.1");
      await probe("10.0.0.5");
      await probe("198.51.100.20");
      expect(seen).toEqual(["203.0.113.7", "203.0.113.7", "198.51.100.20"]);
    });
  },
  {
    prepare(app) {
      app.get("/api/v1/__ip", { schema: { hide: true } }, async (request) => ({ ip: request.ip }));
    },
  },
);
