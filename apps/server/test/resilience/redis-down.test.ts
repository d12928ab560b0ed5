import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { expect, it } from "vitest";
import { createTestDatabase } from "../harness.ts";
import { describeWith, redisUrl } from "./support/environment.ts";
import { expectDatabaseDownAnswer, request, type Reply } from "./support/http.ts";
import { startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";
import { startTcpProxy, type ProxyMode, type TcpProxy } from "./support/tcp-proxy.ts";

/**
 * Redis "stopped" while a server with REDIS_URL and the rate limits on runs: a TCP proxy between
 * the server and the shared Redis cuts every connection and then refuses new ones ("refuse") or
 * accepts them and never answers ("blackhole"). The limits fail closed: a rate-limited route
 * answers the API's 503 with Retry-After within a couple of seconds (never a hanging socket,
 * a 500, or a request let through uncounted), routes that do not count anything keep answering,
 * and the limited routes work again by themselves once Redis is back.
 */

/** A Redis database index of its own (several-servers.test.ts uses 9), and a client address of its own per run. */
const REDIS_DB = 10;
/** Every answer during the outage arrives within this (the limiter gives Redis 1 s). */
const ANSWER_WITHIN_MS = 3_000;

function proxiedRedisTarget(): string {
  const url = new URL(redisUrl());
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
}

const clientAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

type Probe = { name: string; path: string; body?: unknown; limited: boolean };

/** Two rate-limited writes (Redis counts them) and two reads that count nothing. */
function probes(stamp: string, round: number): Probe[] {
  const unique = `${stamp}-${round}-${Math.random().toString(36).slice(2, 8)}`;
  return [
    { name: "sign-in", path: "/api/v1/auth/login", body: { email: `redis.${unique}@example.com`, password: "wrong password" }, limited: true },
    {
      name: "contact",
      path: "/api/v1/contacts",
      body: { firstName: "Redis", lastName: "Outage", email: `contact.${unique}@example.com`, confirmEmail: `contact.${unique}@example.com` },
      limited: true,
    },
    { name: "article list", path: `/api/v1/blogs?search=${unique}`, limited: false },
    { name: "health", path: "/api/v1/health", limited: false },
  ];
}

const send = (base: string, address: string, probe: Probe): Promise<Reply> =>
  request(base, probe.path, { body: probe.body, headers: { "x-forwarded-for": address }, timeoutMs: ANSWER_WITHIN_MS });

/** What a probe answers while Redis is up: sign-in 401 (wrong password), contact 201, reads 200. */
const working = (probe: Probe) => (probe.name === "sign-in" ? 401 : probe.name === "contact" ? 201 : 200);

async function expectOutage(base: string, address: string, stamp: string, round: number): Promise<number> {
  // Several at once, as traffic arrives: none may wait for another.
  const replies = await Promise.all(
    [...probes(stamp, round), ...probes(stamp, round + 0.5)].map(async (probe) => ({ probe, reply: await send(base, address, probe) })),
  );
  for (const { probe, reply } of replies) {
    if (!probe.limited) {
      expect({ probe: probe.name, status: reply.status }).toEqual({ probe: probe.name, status: 200 });
      continue;
    }
    expectDatabaseDownAnswer(probe.name, reply);
  }
  const slowest = Math.max(...replies.map((r) => r.reply.ms));
  expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
  return slowest;
}

/** Polls the rate-limited routes until they answer as usual again; resolves with how long that took. */
async function untilLimitsWork(base: string, address: string, stamp: string, withinMs: number): Promise<number> {
  const started = Date.now();
  for (let round = 0; Date.now() - started < withinMs; round++) {
    const replies = await Promise.all(
      probes(stamp, 500 + round)
        .filter((p) => p.limited)
        .map((probe) => send(base, address, probe).then((reply) => ({ probe, reply }))),
    );
    if (replies.every(({ probe, reply }) => reply.status === working(probe))) return Date.now() - started;
    // Meanwhile only the usual answer or the 503, never a 500.
    for (const { probe, reply } of replies) expect([working(probe), 503], probe.name).toContain(reply.status);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the rate-limited routes did not work again within ${withinMs} ms of Redis coming back`);
}

async function expectService(base: string, address: string, stamp: string, round: number) {
  for (const probe of probes(stamp, round)) {
    const reply = await send(base, address, probe);
    expect({ probe: probe.name, status: reply.status }).toEqual({ probe: probe.name, status: working(probe) });
  }
}

describeWith({ redis: true }, "Redis down while the server runs (REDIS_URL, RATE_LIMITS=on)", () => {
  it("answers 503 with Retry-After on rate-limited routes in both outage modes, serves the rest, and recovers by itself", { timeout: 60_000 }, async () => {
    const testDb = await createTestDatabase("sqlite");
    const data = tempDataDir();
    const address = clientAddress();
    const stamp = Date.now().toString(36);
    let proxy: TcpProxy | undefined;
    let server: ServerProcess | undefined;
    try {
      proxy = await startTcpProxy(proxiedRedisTarget(), 6379);
      server = await startServer({ env: { DATABASE_URL: testDb.url, DATA_DIR: data.dir, REDIS_URL: proxy.url(proxiedRedisTarget()), RATE_LIMITS: "on" } });
      const base = server.url;
      await expectService(base, address, stamp, 0);

      const timings: Record<string, string> = {};
      let round = 1;
      for (const mode of ["refuse", "blackhole"] satisfies ProxyMode[]) {
        await proxy.setMode(mode);
        const slowestFirst = await expectOutage(base, address, stamp, round++);
        // Still down a moment later, with the client reconnecting in the background. A fixed pause on
        // purpose: what is checked is behaviour after time has passed in the outage.
        await new Promise((r) => setTimeout(r, 1_500));
        const slowestLater = await expectOutage(base, address, stamp, round++);
        await proxy.setMode("up");
        const recoveredMs = await untilLimitsWork(base, address, stamp, 10_000);
        await expectService(base, address, stamp, round++);
        timings[mode] = `slowest 503 ${Math.round(Math.max(slowestFirst, slowestLater))} ms, limits working again after ${recoveredMs} ms`;
      }

      // The counts are in Redis again (the limiter did not fall back to something local).
      const redis = new Redis(proxiedRedisTarget(), { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const keys = await redis.keys(`vestin:rl:*${address}*`);
        expect(keys.length).toBeGreaterThan(0);
        await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
      expect(server.running()).toBe(true);
      console.log(`[redis down] refuse: ${timings.refuse}; blackhole: ${timings.blackhole}`);
    } finally {
      await server?.stop();
      await proxy?.close();
      await testDb.dispose();
      data.remove();
    }
  });
});
