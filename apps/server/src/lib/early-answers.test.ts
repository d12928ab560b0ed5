import { expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../test/harness.ts";
import { api, signedInUser } from "../../test/helpers.ts";

/**
 * An anonymous GET of an address already answered from a stored entry is answered as it arrives
 * (lib/public-cache.ts, registerEarlyAnswers): no validation, no handler. These are its limits.
 */
describeEachDatabase("early answers from stored entries", (t) => {
  it("answers a repeated public read without running its handler, the same bytes with the same headers", async () => {
    const { app } = t();
    const built = vi.spyOn(app.publicCache, "json");
    const first = await app.inject({ method: "GET", url: "/api/v1/blogs/categories?x=early", headers: { "accept-encoding": "br" } });
    expect(built).toHaveBeenCalledTimes(1);
    const second = await app.inject({ method: "GET", url: "/api/v1/blogs/categories?x=early", headers: { "accept-encoding": "br" } });
    expect(built).toHaveBeenCalledTimes(1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const name of ["etag", "cache-control", "vary", "content-type", "content-security-policy", "x-content-type-options"])
      expect(second.headers[name], name).toBe(first.headers[name]);
    built.mockRestore();
  });

  it("never answers early a request with credentials, a rate-limited route, or after an admin write", async () => {
    const { app } = t();
    const learner = await signedInUser(app, t().database.db);
    const course = ((await api(app, "GET", "/api/v1/courses?limit=1")).body.data as Array<{ _id: string }>)[0]!;
    const address = `/api/v1/courses/${course._id}/lessons`;
    await api(app, "GET", address);
    expect((await api(app, "POST", `/api/v1/courses/${course._id}/enroll`, undefined, learner.token)).status).toBe(201);
    // The learner's own answer (their progress), not the stored anonymous one.
    const own = await api(app, "GET", address, undefined, learner.token);
    expect(own.body.data.course.userProgress).not.toBeNull();
    expect(own.headers["cache-control"]).toBe("private, no-cache");

    const built = vi.spyOn(app.publicCache, "json");
    for (let i = 0; i < 2; i++) await app.inject({ method: "GET", url: "/api/v1/airdrop/eligibility?username=pioneer-5001" });
    // The eligibility checker is rate limited: each read goes through its route.
    expect(built).toHaveBeenCalledTimes(2);
    built.mockRestore();

    const admin = await signedInUser(app, t().database.db, { admin: true });
    await api(app, "GET", "/api/v1/blogs?limit=3&x=early");
    await api(
      app,
      "POST",
      "/api/v1/blogs",
      { title: "Early answer test", excerpt: "E.", category: "Testing", author: { name: "A" }, markdown: "Body." },
      admin.token,
    );
    const after = (await api(app, "GET", "/api/v1/blogs?limit=3&x=early")).body.data as Array<{ title: string }>;
    expect(after[0]?.title).toBe("Early answer test");
  });
});
