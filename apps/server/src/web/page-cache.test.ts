import { describe, expect, it, vi } from "vitest";
import { cachedPage, PageCache, TTL_MS, withNonce } from "./page-cache.ts";

const page = (html: string, nonce = "abc123==") => cachedPage(200, [], html, nonce);
const htmlOf = (p: ReturnType<typeof page> | undefined) => (p ? withNonce(p, "abc123==").toString() : undefined);

describe("page cache", () => {
  it("gives every response its own nonce", () => {
    const cached = page('<script nonce="abc123==">1</script><p>nonce="abc123==" in text stays</p><script nonce="abc123==">2</script>');
    const html = withNonce(cached, "fresh").toString();
    expect(html).toBe('<script nonce="fresh">1</script><p>nonce="fresh" in text stays</p><script nonce="fresh">2</script>');
    expect(html).not.toContain("abc123");
  });

  it("keeps non-ASCII text intact around the nonce", () => {
    const html = withNonce(page('<p>Own more — risk less · ünïcødé ✓</p><script nonce="abc123==">x</script>'), "n2").toString();
    expect(html).toBe('<p>Own more — risk less · ünïcødé ✓</p><script nonce="n2">x</script>');
  });

  it("expires entries after the TTL and evicts the least recently used", () => {
    vi.useFakeTimers();
    const cache = new PageCache();
    cache.set("/a", page("a"));
    expect(htmlOf(cache.get("/a"))).toBe("a");
    vi.advanceTimersByTime(TTL_MS + 1);
    expect(cache.get("/a")).toBeUndefined();
    vi.useRealTimers();
    for (let i = 0; i < 510; i++) cache.set(`/p${i}`, page(`p${i}`));
    expect(cache.size).toBe(500);
    expect(cache.get("/p0")).toBeUndefined();
    expect(htmlOf(cache.get("/p509"))).toBe("p509");
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
