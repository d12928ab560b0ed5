import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/harness.ts";
import { isTrustedProxy, SAFE_REQUEST_ID } from "./request-id.ts";

/*
 * Every answer carries x-request-id; an incoming one is kept only from a trusted proxy and only
 * when it is a safe token; error bodies and every log line of a request carry the same id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("trusted proxies", () => {
  it("are loopback and private networks, the same proxies X-Forwarded-For is believed from", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.1.1", "fd12::1"]) {
      expect(isTrustedProxy(address), address).toBe(true);
    }
    for (const address of ["203.0.113.7", "172.32.0.1", "192.169.0.1", "::ffff:8.8.8.8", "2001:db8::1", "fe80::1", "", undefined, "not an address"]) {
      expect(isTrustedProxy(address), String(address)).toBe(false);
    }
  });

  it("keep a request id only when it is a safe token", () => {
    expect(SAFE_REQUEST_ID.test("lb-7f3a:0001.x_Y")).toBe(true);
    for (const id of ["short", "has space inside", "line\nbreak-123", 'quote"d-12345', "x".repeat(129), "é-accented-id"])
      expect(SAFE_REQUEST_ID.test(id), id).toBe(false);
  });
});

const lines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

describeEachDatabase(
  "request ids",
  (t) => {
    const get = (url: string, options: { id?: string; remoteAddress?: string } = {}) =>
      t().app.inject({
        method: "GET",
        url,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        headers: options.id === undefined ? {} : { "x-request-id": options.id },
      });

    it("gives every answer a new random id when none is sent", async () => {
      const one = await get("/api/v1/health/live");
      const two = await get("/api/v1/blogs");
      expect(one.headers["x-request-id"]).toMatch(UUID);
      expect(two.headers["x-request-id"]).toMatch(UUID);
      expect(one.headers["x-request-id"]).not.toBe(two.headers["x-request-id"]);
    });

    it("keeps the id a proxy on loopback or a private network sent", async () => {
      expect((await get("/api/v1/health/live", { id: "lb-0001-abcdef" })).headers["x-request-id"]).toBe("lb-0001-abcdef");
      expect((await get("/api/v1/health/live", { id: "lb-0002-abcdef", remoteAddress: "10.0.0.5" })).headers["x-request-id"]).toBe("lb-0002-abcdef");
    });

    it("refuses the id of a client on the internet, and an id that is not a safe token", async () => {
      const fromInternet = await get("/api/v1/health/live", { id: "chosen-by-client-1", remoteAddress: "203.0.113.9" });
      expect(fromInternet.headers["x-request-id"]).toMatch(UUID);
      for (const id of ["short", "two words here", "x".repeat(129), "<script>alert(1)</script>"]) {
        expect((await get("/api/v1/health/live", { id })).headers["x-request-id"], id).toMatch(UUID);
      }
    });

    it("puts the id in error bodies, and on every log line of the request", async () => {
      lines.length = 0;
      const notFound = await get("/api/v1/no-such-route", { id: "complaint-4711-abc" });
      expect(notFound.statusCode).toBe(404);
      expect(notFound.headers["x-request-id"]).toBe("complaint-4711-abc");
      expect(notFound.json()).toMatchObject({ success: false, requestId: "complaint-4711-abc" });

      const invalid = await get("/api/v1/blogs?page=0");
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().requestId).toBe(invalid.headers["x-request-id"]);

      const failed = await get("/api/v1/__boom", { id: "complaint-4712-abc" });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ success: false, requestId: "complaint-4712-abc" });
      const logged = lines.filter((line) => line.reqId === "complaint-4712-abc").map((line) => line.msg);
      expect(logged).toEqual(["request failed", "request completed"]);
      // Successful answers keep the envelope as it was: the id is in the header only.
      const ok = await get("/api/v1/health/live");
      expect(ok.json()).toEqual({ status: "ok" });
    });
  },
  {
    logger: { level: "info", stream: logStream },
    prepare(app) {
      app.get("/api/v1/__boom", { schema: { hide: true } }, async () => {
        throw new Error("internal detail");
      });
    },
  },
);
