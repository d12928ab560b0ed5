import net from "node:net";
import { describe, expect, it } from "vitest";
import { createRateLimiter, memoryStore, redisStore, type RateLimitStore } from "./rate-limit.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const stores: Array<[string, () => RateLimitStore]> = [["memory", memoryStore]];
if (await redisAnswers()) stores.push(["redis", () => redisStore(REDIS_URL)]);

describe.each(stores)("rate-limit store [%s]", (_name, make) => {
  it("counts hits in a fixed window and reports when it resets", async () => {
    const store = make();
    const key = `test:${Date.now()}:${Math.random()}`;
    try {
      expect((await store.peek(key)).count).toBe(0);
      expect((await store.hit(key, 60_000)).count).toBe(1);
      const second = await store.hit(key, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(50_000);
      expect((await store.peek(key)).count).toBe(2);
      await store.reset(key);
      expect((await store.peek(key)).count).toBe(0);
    } finally {
      await store.close();
    }
  });

  it("forgets a window once it has passed", async () => {
    const store = make();
    const key = `test:${Date.now()}:${Math.random()}`;
    try {
      await store.hit(key, 50);
      await new Promise((r) => setTimeout(r, 120));
      expect((await store.peek(key)).count).toBe(0);
    } finally {
      await store.close();
    }
  });
});

describe("rate limiter", () => {
  const limit = { name: "t", max: 2, windowMs: 60_000 };

  it("lets max requests through, then answers 429 with Retry-After", async () => {
    const limiter = createRateLimiter({ enabled: true });
    await limiter.consume(limit, "a");
    await limiter.consume(limit, "a");
    await expect(limiter.consume(limit, "a")).rejects.toMatchObject({ status: 429, headers: { "retry-after": "60" } });
    await limiter.consume(limit, "b");
    await limiter.close();
  });

  it("check refuses only once recorded failures reach the limit", async () => {
    const limiter = createRateLimiter({ enabled: true });
    await limiter.check(limit, "k");
    await limiter.record(limit, "k");
    await limiter.check(limit, "k");
    await limiter.record(limit, "k");
    await expect(limiter.check(limit, "k")).rejects.toMatchObject({ status: 429 });
    await limiter.close();
  });

  it("does nothing when disabled (RATE_LIMITS=off)", async () => {
    const limiter = createRateLimiter({ enabled: false });
    for (let i = 0; i < 5; i++) await limiter.consume(limit, "a");
    await limiter.close();
  });

  it.runIf(stores.length > 1)("shares counts between two servers through Redis", async () => {
    const one = createRateLimiter({ enabled: true, redisUrl: REDIS_URL });
    const two = createRateLimiter({ enabled: true, redisUrl: REDIS_URL });
    const key = `shared:${Date.now()}:${Math.random()}`;
    await one.consume(limit, key);
    await two.consume(limit, key);
    await expect(one.consume(limit, key)).rejects.toMatchObject({ status: 429 });
    await one.close();
    await two.close();
  });
});
