import { describe, expect, it, vi } from "vitest";
import { PageCache, TTL_MS, withNonce, type CachedPage } from "./page-cache.ts";

const page = (html: string, nonce = "abc123=="): CachedPage => ({ status: 200, headers: [], html, nonce, bytes: html.length, storedAt: Date.now() });

describe("page cache", () => {
  it("gives every response its own nonce", () => {
    const cached = page('<script nonce="abc123==">1</script><p>nonce="abc123==" in text stays</p><script nonce="abc123==">2</script>');
    const html = withNonce(cached, "fresh");
    expect(html).toBe('<script nonce="fresh">1</script><p>nonce="fresh" in text stays</p><script nonce="fresh">2</script>');
    expect(html).not.toContain("abc123");
  });

  it("expires entries after the TTL and evicts the least recently used", () => {
    vi.useFakeTimers();
    const cache = new PageCache();
    cache.set("/a", page("a"));
    expect(cache.get("/a")?.html).toBe("a");
    vi.advanceTimersByTime(TTL_MS + 1);
    expect(cache.get("/a")).toBeUndefined();
    vi.useRealTimers();
    for (let i = 0; i < 510; i++) cache.set(`/p${i}`, page(`p${i}`));
    expect(cache.size).toBe(500);
    expect(cache.get("/p0")).toBeUndefined();
    expect(cache.get("/p509")?.html).toBe("p509");
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
