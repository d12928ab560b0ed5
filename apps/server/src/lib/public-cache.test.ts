import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PublicCache } from "./public-cache.ts";

const schema = z.object({ n: z.number() });

describe("PublicCache", () => {
  it("serves a stored answer until it expires, with an ETag computed once", async () => {
    vi.useFakeTimers();
    try {
      const cache = new PublicCache(1_000);
      let builds = 0;
      const build = async () => ({ n: ++builds, extra: "dropped by the schema" });
      const first = await cache.json("k", schema, build);
      expect(first.identity.toString()).toBe('{"n":1}');
      expect(first.etag).toMatch(/^W\/".+"$/);
      expect(await cache.json("k", schema, build)).toBe(first);
      vi.advanceTimersByTime(1_001);
      expect((await cache.json("k", schema, build)).identity.toString()).toBe('{"n":2}');
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs one build for a burst of identical misses, and none of a failed build is kept", async () => {
    const cache = new PublicCache();
    let builds = 0;
    const slow = () => new Promise<{ n: number }>((resolve) => setTimeout(() => resolve({ n: ++builds }), 10));
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.json("burst", schema, slow)));
    expect(builds).toBe(1);
    expect(new Set(answers.map((a) => a.identity.toString()))).toEqual(new Set(['{"n":1}']));
    await expect(cache.json("bad", schema, async () => ({ n: "not a number" }) as never)).rejects.toThrow();
    expect(cache.size).toBe(1);
    await expect(cache.value("missing", async () => Promise.reject(new Error("404")))).rejects.toThrow("404");
    expect(await cache.value("missing", async () => "found now")).toBe("found now");
  });

  it("keeps an open-ended answer (a search) only once it is asked for a second time", async () => {
    const cache = new PublicCache();
    let builds = 0;
    const build = async () => ({ n: ++builds });
    // A thousand one-off searches leave nothing behind.
    for (let i = 0; i < 1_000; i++) await cache.json(`search:${i}`, schema, build, { admitOnRepeat: true });
    expect(cache.size).toBe(0);
    // Asked again: built and kept; asked a third time: served from memory.
    expect((await cache.json("search:7", schema, build, { admitOnRepeat: true })).identity.toString()).toBe('{"n":1001}');
    expect((await cache.json("search:7", schema, build, { admitOnRepeat: true })).identity.toString()).toBe('{"n":1001}');
    expect(builds).toBe(1_001);
    expect(cache.size).toBe(1);
    // A burst of the same new search still runs one build.
    const slow = () => new Promise<{ n: number }>((resolve) => setTimeout(() => resolve({ n: ++builds }), 10));
    await Promise.all(Array.from({ length: 10 }, () => cache.json("search:new", schema, slow, { admitOnRepeat: true })));
    expect(builds).toBe(1_002);
  });

  it("does not store an answer whose build started before a clear, so a write is never hidden", async () => {
    const cache = new PublicCache();
    let release: (v: { n: number }) => void = () => {};
    const stale = cache.json("k", schema, () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release({ n: 1 });
    expect((await stale).identity.toString()).toBe('{"n":1}');
    expect((await cache.json("k", schema, async () => ({ n: 2 }))).identity.toString()).toBe('{"n":2}');
  });

  it("forgets only the matching keys, and peeks at values without building", async () => {
    const cache = new PublicCache();
    await cache.value("course:abc", async () => 1);
    await cache.value("course:xyz", async () => 2);
    expect(cache.peek("course:abc")).toBe(1);
    expect(cache.peek("never-built")).toBeUndefined();
    cache.forget((key) => key.includes("abc"));
    expect(cache.peek("course:abc")).toBeUndefined();
    expect(cache.peek("course:xyz")).toBe(2);
  });

  it("stays within its memory bound by dropping the oldest entries", async () => {
    const cache = new PublicCache();
    const big = "x".repeat(1024 * 1024);
    for (let i = 0; i < 40; i++)
      await cache.value(
        `big:${i}`,
        async () => big,
        (v) => v.length,
      );
    expect(cache.size).toBeLessThanOrEqual(32);
    expect(cache.peek("big:0")).toBeUndefined();
    expect(cache.peek("big:39")).toBe(big);
  });
});
