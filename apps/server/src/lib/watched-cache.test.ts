import { describe, expect, it } from "vitest";
import type { Change, ChangeFeed } from "../db/change-feed.ts";
import { WatchedCache } from "./watched-cache.ts";

/** A change feed driven by the test: `change()` announces a change of a watched table. */
function testFeed() {
  const listeners = new Set<(change: Change) => void>();
  let gen = 0;
  const feed: ChangeFeed = {
    begin: () => gen,
    generation: () => gen,
    committed() {},
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {},
  };
  return {
    feed,
    change() {
      gen += 1;
      for (const listener of listeners) listener({ table: "webhook_endpoints", key: null });
    },
  };
}

/** A load that answers when the test lets it, counting its calls. */
function heldLoad() {
  const pending: ((value: string) => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    answer: (value: string) => pending.shift()?.(value),
    get calls() {
      return calls;
    },
  };
}

describe("WatchedCache", () => {
  it("has reads of one key that miss together share one load, and keeps its value", async () => {
    const { feed } = testFeed();
    const cache = new WatchedCache<string>(feed, { webhook_endpoints: () => null }, { maxEntries: 10, ttlMs: 60_000 });
    const read = heldLoad();
    const wave = Array.from({ length: 50 }, () => cache.get("receiving", read.load));
    expect(read.calls).toBe(1);
    read.answer("first");
    expect(await Promise.all(wave)).toEqual(Array.from({ length: 50 }, () => "first"));
    expect(await cache.get("receiving", read.load)).toBe("first");
    expect(read.calls).toBe(1);
  });

  it("loads afresh for a read that starts after a change, and keeps neither value read across it", async () => {
    const { feed, change } = testFeed();
    const cache = new WatchedCache<string>(feed, { webhook_endpoints: () => null }, { maxEntries: 10, ttlMs: 60_000 });
    const read = heldLoad();
    const before = cache.get("receiving", read.load);
    change();
    const after = cache.get("receiving", read.load);
    expect(read.calls).toBe(2);
    read.answer("old");
    read.answer("new");
    expect([await before, await after]).toEqual(["old", "new"]);
    // The one read that started after the change and ended with nothing else changed is kept.
    expect(await cache.get("receiving", read.load)).toBe("new");
    expect(read.calls).toBe(2);
  });

  it("shares a failing load's error with the reads that waited on it, and tries again after", async () => {
    const { feed } = testFeed();
    const cache = new WatchedCache<string>(feed, { webhook_endpoints: () => null }, { maxEntries: 10, ttlMs: 60_000 });
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("database down"));
    };
    const outcomes = await Promise.allSettled([cache.get("k", failing), cache.get("k", failing)]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
    expect(await cache.get("k", async () => "back")).toBe("back");
  });
});
