import { afterEach, describe, expect, it, vi } from "vitest";
import { BoundedCache, TOUCH_MS } from "./bounded-cache.ts";

const limits = { ttlMs: 60_000, maxEntries: 3, maxBytes: 1_000, maxEntryBytes: 500 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("BoundedCache", () => {
  it("answers a burst of hits without changing its Map (no table rebuilt per request)", () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<string>(limits);
    cache.set("/a", "a", 1);
    cache.set("/b", "b", 1);
    const deletes = vi.spyOn(Map.prototype, "delete");
    const sets = vi.spyOn(Map.prototype, "set");
    for (let i = 0; i < 1_000; i++) expect(cache.get("/a")).toBe("a");
    // A refresh of a stored key is done in place too.
    cache.set("/a", "a2", 1);
    expect(deletes).not.toHaveBeenCalled();
    expect(sets).not.toHaveBeenCalled();
    expect(cache.get("/a")).toBe("a2");
  });

  it("evicts the least recently used, with recency kept to within TOUCH_MS", () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<string>(limits);
    cache.set("/a", "a", 1);
    cache.set("/b", "b", 1);
    cache.set("/c", "c", 1);
    // Read within TOUCH_MS of being stored: /a keeps its place and is still the first to go.
    cache.get("/a");
    cache.set("/d", "d", 1);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size).toBe(3);
    // Read later than TOUCH_MS: /b becomes the most recent, so /c goes before it.
    vi.advanceTimersByTime(TOUCH_MS + 1);
    expect(cache.get("/b")).toBe("b");
    cache.set("/e", "e", 1);
    expect(cache.get("/c")).toBeUndefined();
    expect(cache.get("/b")).toBe("b");
    expect(cache.get("/d")).toBe("d");
    expect(cache.get("/e")).toBe("e");
  });

  it("keeps to its byte bound when a key is replaced by a heavier value, and drops a value over the entry bound", () => {
    const cache = new BoundedCache<string>(limits);
    cache.set("/a", "a", 400);
    cache.set("/b", "b", 400);
    // /b grows in place to 450: 850 in all, within the 1,000 bound.
    cache.set("/b", "b2", 450);
    expect(cache.get("/a")).toBe("a");
    // /a grows to 500: 950. Then /c (100) pushes the total to 1,050, so the least recent goes.
    cache.set("/a", "a2", 500);
    cache.set("/c", "c", 100);
    expect(cache.size).toBe(2);
    expect(cache.get("/c")).toBe("c");
    // Over maxEntryBytes: not kept, and the old value under that key is gone too.
    cache.set("/c", "huge", 501);
    expect(cache.get("/c")).toBeUndefined();
  });

  it("forgets an entry after its TTL", () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<string>({ ...limits, ttlMs: 1_000 });
    cache.set("/a", "a", 1);
    vi.advanceTimersByTime(999);
    expect(cache.get("/a")).toBe("a");
    vi.advanceTimersByTime(2);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
