import { expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { createTestDatabase } from "../harness.ts";
import { describeWith, postgresUrl } from "./support/environment.ts";
import { expectDatabaseDownAnswer, request, type Reply } from "./support/http.ts";
import { startPostgresProxy, type PostgresProxy, type ProxyMode } from "./support/postgres-proxy.ts";
import { startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * PostgreSQL "stopped" while the server runs: a TCP proxy between the server and the shared
 * PostgreSQL cuts every connection and then refuses new ones ("refuse") or accepts them and never
 * answers ("blackhole"). Requests must get the API's 503 JSON error envelope within 3 s (never a
 * hanging socket or a 500), health must say `db: "down"` with 503, the process must survive, and
 * service must come back by itself once the database is reachable again.
 *
 * SQLite has no "database down": the database is a file opened inside the server process, so it
 * cannot become unreachable while the process runs (a full disk or a locked file answers 503 through
 * the same error mapping, see lib/dependency-errors.ts).
 */

/** Every answer, even to a request that waits for a connection nobody will give, within this. */
const ANSWER_WITHIN_MS = 3_000;

type Probe = { name: string; path: string; method?: string; body?: unknown; token?: string };

function probes(stamp: string, token: string, round: number): Probe[] {
  const unique = `${stamp}-${round}-${Math.random().toString(36).slice(2, 8)}`;
  return [
    // Unique searches, so no cache in front of the database can answer them.
    { name: "course list", path: `/api/v1/courses?search=${unique}` },
    { name: "article list", path: `/api/v1/blogs?search=${unique}` },
    { name: "one course", path: `/api/v1/courses/missing-${unique}` },
    { name: "token check", path: "/api/v1/auth/verify", token },
    { name: "sign-in", path: "/api/v1/auth/login", body: { email: `nobody.${unique}@example.com`, password: "wrong password" } },
    { name: "waitlist", path: "/api/v1/testnet-signup", body: { username: "Outage Tester", email: `outage.${unique}@example.com` } },
    {
      name: "contact",
      path: "/api/v1/contacts",
      body: { firstName: "Outage", lastName: "Tester", email: `contact.${unique}@example.com`, confirmEmail: `contact.${unique}@example.com` },
    },
  ];
}

async function send(base: string, probe: Probe): Promise<Reply> {
  return request(base, probe.path, {
    method: probe.method ?? (probe.body ? "POST" : "GET"),
    body: probe.body,
    token: probe.token,
    timeoutMs: ANSWER_WITHIN_MS,
  });
}

/** Health, polled until it says ok; resolves with how long that took. */
async function untilHealthy(base: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const health = await request(base, "/api/v1/health", { timeoutMs: ANSWER_WITHIN_MS }).catch(() => undefined);
    if (health?.status === 200) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not report a healthy database within ${withinMs} ms of PostgreSQL coming back`);
}

/**
 * Traffic that keeps flowing through the outage and the recovery: every answer must be a success or
 * the 503, and arrive in time; none may be a 500 or a socket left hanging.
 */
function backgroundTraffic(base: string, stamp: string, token: string) {
  let stop = false;
  const answers: Array<{ status: number; ms: number; message?: string }> = [];
  const failures: string[] = [];
  const loops = Array.from({ length: 4 }, async (_, worker) => {
    for (let round = 0; !stop; round++) {
      const list = probes(stamp, token, 1_000 * (worker + 1) + round);
      const probe = list[(worker + round) % list.length] as Probe;
      try {
        const reply = await send(base, probe);
        answers.push({ status: reply.status, ms: reply.ms, message: reply.body?.message });
      } catch (err) {
        failures.push(`${probe.name}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    answers,
    failures,
    async finish() {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function expectOutage(base: string, stamp: string, token: string, round: number) {
  const [health, ...replies] = await Promise.all([
    request(base, "/api/v1/health", { timeoutMs: ANSWER_WITHIN_MS }),
    ...probes(stamp, token, round).map((probe) => send(base, probe).then((reply) => ({ probe, reply }))),
  ]);
  expect(health?.status).toBe(503);
  expect(health?.body).toEqual({ status: "degraded", db: "down" });
  for (const { probe, reply } of replies as Array<{ probe: Probe; reply: Reply }>) {
    expectDatabaseDownAnswer(probe.name, reply);
    expect(reply.ms).toBeLessThan(ANSWER_WITHIN_MS);
  }
  return Math.max(...(replies as Array<{ reply: Reply }>).map((r) => r.reply.ms));
}

/**
 * A page rendered during the outage shows its "could not load" state as a 503, and is not cached:
 * the same address, asked again once the database is back, renders afresh with 200.
 */
async function expectPageOutage(base: string, page: string) {
  const reply = await request(base, page, { timeoutMs: ANSWER_WITHIN_MS, headers: { accept: "text/html" } });
  expect({ page, status: reply.status }).toEqual({ page, status: 503 });
  expect(reply.headers["content-type"]).toMatch(/^text\/html/);
  expect(reply.headers["retry-after"]).toMatch(/^\d+$/);
  // The answer names its request, for the log lines of the failed calls behind it.
  expect(String(reply.headers["x-request-id"] ?? "")).toMatch(/^[\w.:-]{8,}$/);
}

async function expectPageBack(base: string, page: string) {
  const reply = await request(base, page, { timeoutMs: ANSWER_WITHIN_MS, headers: { accept: "text/html" } });
  expect({ page, status: reply.status, cache: reply.headers["x-page-cache"] }).toEqual({ page, status: 200, cache: "miss" });
}

async function expectService(base: string, stamp: string, token: string, round: number) {
  for (const probe of probes(stamp, token, round)) {
    const reply = await send(base, probe);
    const expected = probe.name === "sign-in" ? 401 : probe.name === "one course" ? 404 : probe.body ? 201 : 200;
    expect({ probe: probe.name, status: reply.status }).toEqual({ probe: probe.name, status: expected });
  }
}

describeWith({ postgres: true }, "PostgreSQL down while the server runs", () => {
  it("answers 503 quickly in both outage modes, stays up, and recovers by itself", { timeout: 120_000 }, async () => {
    const testDb = await createTestDatabase("postgres");
    const data = tempDataDir();
    let proxy: PostgresProxy | undefined;
    let server: ServerProcess | undefined;
    const stamp = Date.now().toString(36);
    try {
      proxy = await startPostgresProxy(postgresUrl());
      server = await startServer({ env: { DATABASE_URL: proxy.url(testDb.url), DATA_DIR: data.dir } });
      const base = server.url;
      // Pages exist only when the server runs with the web app (main.ts, after a build).
      const servesPages = server.entry.endsWith("main.ts");
      const registered = await request(base, "/api/v1/auth/register", {
        body: { firstName: "Outage", lastName: "Watcher", email: `watcher.${stamp}@example.com`, password: "correct horse battery" },
      });
      expect(registered.status).toBe(201);
      const token = registered.body.data.token as string;
      await expectService(base, stamp, token, 0);

      const traffic = backgroundTraffic(base, stamp, token);
      const timings: Record<string, string> = {};
      let round = 1;
      for (const mode of ["refuse", "blackhole"] satisfies ProxyMode[]) {
        // A fixed pause on purpose: the outage must start while the background traffic is in flight.
        await new Promise((r) => setTimeout(r, 300));
        await proxy.setMode(mode);
        const slowestFirst = await expectOutage(base, stamp, token, round++);
        const page = `/articles?search=outage-${mode}-${stamp}`;
        if (servesPages) await expectPageOutage(base, page);
        // Still down a moment later, with the pool empty and new connections failing. A fixed pause on
        // purpose: what is checked is behaviour after time has passed in the outage.
        await new Promise((r) => setTimeout(r, 500));
        const slowestLater = await expectOutage(base, stamp, token, round++);
        await proxy.setMode("up");
        const recoveredMs = await untilHealthy(base, 15_000);
        await expectService(base, stamp, token, round++);
        if (servesPages) await expectPageBack(base, page);
        timings[mode] = `slowest 503 ${Math.round(Math.max(slowestFirst, slowestLater))} ms, healthy again after ${recoveredMs} ms`;
      }
      await traffic.finish();

      // The background traffic: only successes (or the 404/401 its probes expect) and 503s, all in time.
      expect(traffic.failures).toEqual([]);
      const unexpected = traffic.answers.filter(
        (a) => ![200, 201, 401, 404, 503].includes(a.status) || (a.status === 503 && a.message !== MESSAGES.databaseDown),
      );
      expect(unexpected).toEqual([]);
      expect(traffic.answers.filter((a) => a.ms >= ANSWER_WITHIN_MS)).toEqual([]);
      expect(traffic.answers.some((a) => a.status === 503)).toBe(true);
      // The process never crashed on a lost connection (idle or checked out).
      expect(server.running()).toBe(true);
      console.log(
        `[postgres down] refuse: ${timings.refuse}; blackhole: ${timings.blackhole}; background: ${traffic.answers.length} answers, ` +
          `${traffic.answers.filter((a) => a.status === 503).length} of them 503, slowest ${Math.round(Math.max(...traffic.answers.map((a) => a.ms)))} ms`,
      );
    } finally {
      await server?.stop();
      await proxy?.close();
      await testDb.dispose();
      data.remove();
    }
  });
});
