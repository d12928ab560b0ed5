import { expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { buildApp } from "../../app.ts";

/*
 * A load balancer's two probes: liveness (the process answers, nothing else is asked) and
 * readiness (the database, the migrations, the job workers and Redis; not while starting or
 * draining). Both are never cached and never rate-limited.
 */

const READY = { status: "ok", phase: "serving", checks: { database: "ok", migrations: "ok", jobs: "ok", redis: "off" } };

describeEachDatabase("health probes", (t) => {
  it("answers liveness without asking the database", async () => {
    const ping = vi.spyOn(t().database, "ping");
    try {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health/live" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(ping).not.toHaveBeenCalled();
    } finally {
      ping.mockRestore();
    }
  });

  it("answers ready with every check when the database, the migrations and the job workers are fine", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/v1/health/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(READY);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 naming the database when its ping fails, and ready again once it answers", async () => {
    const ping = vi.spyOn(t().database, "ping").mockResolvedValue(false);
    try {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ...READY, status: "unavailable", checks: { ...READY.checks, database: "down" } });
      expect(res.headers["cache-control"]).toBe("no-store");
    } finally {
      ping.mockRestore();
    }
    expect((await t().app.inject({ method: "GET", url: "/api/v1/health/ready" })).statusCode).toBe(200);
  });

  it("answers 503 naming the jobs when the job workers are not running", async () => {
    const running = vi.spyOn(t().app.jobs, "running", "get").mockReturnValue(false);
    try {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ ...READY.checks, jobs: "stopped" });
    } finally {
      running.mockRestore();
    }
  });

  it("is never rate-limited: a second of probes from many checks all answer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => t().app.inject({ method: "GET", url: i % 2 ? "/api/v1/health/ready" : "/api/v1/health/live" })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
  });

  it("describes both probes in OpenAPI", async () => {
    const spec = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(spec.paths["/api/v1/health/live"].get.responses["200"]).toBeDefined();
    expect(spec.paths["/api/v1/health/ready"].get.responses["200"]).toBeDefined();
    expect(spec.paths["/api/v1/health/ready"].get.responses["503"]).toBeDefined();
  });

  it("answers 503 while a server is starting: before its job workers run", async () => {
    // A second app on the same database, built and not yet started.
    const app = await buildApp({ config: t().config, database: t().database });
    try {
      expect(app.readiness.phase).toBe("starting");
      expect(await app.readiness.check()).toEqual({ status: "unavailable", phase: "starting" });
      await app.ready();
      expect(app.jobs.running).toBe(true);
      expect(await app.readiness.check()).toEqual(READY);
    } finally {
      await app.close();
    }
  });

  // Last: draining cannot be undone.
  it("answers 503 while draining, and goes on serving every other request", async () => {
    t().app.readiness.drain();
    const ready = await t().app.inject({ method: "GET", url: "/api/v1/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", phase: "draining" });
    expect((await t().app.inject({ method: "GET", url: "/api/v1/health/live" })).statusCode).toBe(200);
    expect((await t().app.inject({ method: "GET", url: "/api/v1/health" })).statusCode).toBe(200);
    expect((await t().app.inject({ method: "GET", url: "/api/v1/blogs" })).statusCode).toBe(200);
  });
});

describeEachDatabase(
  "readiness when REDIS_URL names a Redis that does not answer",
  (t) => {
    it("answers 503 naming Redis", { timeout: 15_000 }, async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ ...READY.checks, redis: "down" });
    });
  },
  // Port 1 on loopback: nothing listens, every command is refused within the client's timeout.
  { env: { REDIS_URL: "redis://127.0.0.1:1" } },
);
