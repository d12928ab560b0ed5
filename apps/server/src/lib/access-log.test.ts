import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/harness.ts";
import { loggableUrl, REDACTED } from "./access-log.ts";

describe("loggableUrl", () => {
  it("writes no preview link's token, on the page or the API path", () => {
    const token = "A".repeat(43);
    expect(loggableUrl(`/preview/${token}`)).toBe(`/preview/${REDACTED}`);
    expect(loggableUrl(`/api/v1/previews/${token}?x=1`)).toBe(`/api/v1/previews/${REDACTED}?x=1`);
    expect(loggableUrl("/api/v1/admin/previews?kind=article")).toBe("/api/v1/admin/previews?kind=article");
    expect(loggableUrl(`/preview/${token}/lesson#top`)).toBe(`/preview/${REDACTED}/lesson#top`);
    expect(loggableUrl("/preview/")).toBe("/preview/");
    expect(loggableUrl(`/blog/preview/${token}`)).toBe(`/blog/preview/${token}`);
  });

  it("keeps the path and every ordinary parameter as it came", () => {
    expect(loggableUrl("/learn")).toBe("/learn");
    expect(loggableUrl("/blogs?search=rwa&page=2")).toBe("/blogs?search=rwa&page=2");
    expect(loggableUrl("/signin?")).toBe("/signin?");
  });

  it("writes no value of a parameter whose name says it holds a secret, in any spelling", () => {
    expect(loggableUrl("/signin?email=a%40b.co&password=hunter2")).toBe(`/signin?email=a%40b.co&password=${REDACTED}`);
    expect(loggableUrl("/reset-password?token=abc&email=x%40y.z")).toBe(`/reset-password?token=${REDACTED}&email=x%40y.z`);
    expect(loggableUrl("/auth/callback?code=4%2F0Ab&state=s1")).toBe(`/auth/callback?code=${REDACTED}&state=s1`);
    expect(loggableUrl("/x?confirmPassword=a&resetToken=b&recoveryCode=c&client_secret=d&PASSWORD=e&api_key=f")).toBe(
      `/x?confirmPassword=${REDACTED}&resetToken=${REDACTED}&recoveryCode=${REDACTED}&client_secret=${REDACTED}&PASSWORD=${REDACTED}&api_key=${REDACTED}`,
    );
    // The name written with escapes or a plus is still read as its name.
    expect(loggableUrl("/signin?pass%77ord=hunter2&new+password=x")).toBe(`/signin?pass%77ord=${REDACTED}&new+password=${REDACTED}`);
    // A repeated parameter: every copy.
    expect(loggableUrl("/a?token=1&token=2")).toBe(`/a?token=${REDACTED}&token=${REDACTED}`);
  });

  it("drops a parameter whose name cannot be decoded rather than guess", () => {
    expect(loggableUrl("/a?%E0%A4%A=hunter2&page=1")).toBe(`/a?${REDACTED}=${REDACTED}&page=1`);
  });
});

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});

describeEachDatabase(
  "the access log",
  (t) => {
    it("writes one line per answer, with the secrets of the address replaced, on every route", async () => {
      lines.length = 0;
      await t().app.inject({ method: "GET", url: "/api/v1/blogs?search=token&password=hunter2-in-the-query" });
      await t().app.inject({ method: "GET", url: "/api/v1/auth/google/callback?code=google-code-4711&state=state-1" });
      await t().app.inject({ method: "GET", url: "/signin?email=ines%40example.com&password=typed-before-hydration" });
      await t().app.inject({ method: "GET", url: "/api/v1/nowhere?token=reset-token-0815" });
      const completed = lines
        .map((line) => JSON.parse(line) as { msg: string; url?: string; statusCode?: number })
        .filter((l) => l.msg === "request completed");
      expect(completed.map((l) => l.url)).toEqual([
        `/api/v1/blogs?search=token&password=${REDACTED}`,
        `/api/v1/auth/google/callback?code=${REDACTED}&state=state-1`,
        `/signin?email=ines%40example.com&password=${REDACTED}`,
        `/api/v1/nowhere?token=${REDACTED}`,
      ]);
      const everything = lines.join("\n");
      for (const secret of ["hunter2-in-the-query", "google-code-4711", "typed-before-hydration", "reset-token-0815"]) expect(everything).not.toContain(secret);
    });

    it("keeps secrets out of a request that something else logs", async () => {
      lines.length = 0;
      t().app.log.info({ req: { method: "GET", url: "/reset-password?token=logged-elsewhere" } }, "a request");
      expect(lines.join("\n")).not.toContain("logged-elsewhere");
      expect(JSON.parse(lines[0] ?? "{}").req.url).toBe(`/reset-password?token=${REDACTED}`);
    });
  },
  { logger: { level: "info", stream } },
);
