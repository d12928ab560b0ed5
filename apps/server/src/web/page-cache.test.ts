import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { formOf } from "../lib/encoded-body.ts";
import { describe, expect, it, vi } from "vitest";
import { cachedPage, PageCache, TTL_MS } from "./page-cache.ts";

const page = (html: string) =>
  cachedPage(
    [
      ["x-robots-tag", "noindex"],
      ["content-type", "text/html"],
      ["cache-control", "no-cache"],
    ],
    Buffer.from(html),
    "script-src 'self'",
  );

describe("page cache", () => {
  it("stores a page once with its Brotli and gzip forms (each made on first demand), its ETag and only the headers it does not set itself", async () => {
    const html = `<!DOCTYPE html><p>Own more — risk less · ünïcødé ✓</p>${"<li>row</li>".repeat(300)}`;
    const entry = await page(html);
    expect(entry.body.identity.toString()).toBe(html);
    const br = await formOf(entry.body, "br");
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(gunzipSync(await formOf(entry.body, "gzip")).toString()).toBe(html);
    expect(br.length).toBeLessThan(entry.body.identity.length / 10);
    expect(entry.body.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(entry.headers).toEqual([["x-robots-tag", "noindex"]]);
    // Sized for the memory bound with room for both forms.
    expect(entry.bytes).toBeGreaterThan(entry.body.identity.length + br.length);
    // The same page makes the same entry: nothing in it is per response.
    expect((await page(html)).body.etag).toBe(entry.body.etag);
  });

  it("lets a crowd at a cold page wait for one render, and never shares a render older than a clear()", async () => {
    const cache = new PageCache();
    const first = cache.begin("/a");
    const waiting = cache.waitFor("/a");
    expect(waiting).toBeDefined();
    const entry = await page("a");
    first.finish(entry);
    expect(await waiting).toBe(entry);
    expect(cache.get("/a")).toBe(entry);
    expect(cache.waitFor("/a")).toBeUndefined();

    const stale = cache.begin("/b");
    const staleWaiter = cache.waitFor("/b");
    cache.clear();
    stale.finish(await page("b"));
    expect(await staleWaiter).toBeUndefined();
    expect(cache.get("/b")).toBeUndefined();

    // A render that keeps nothing (an error page) releases its waiters to render for themselves.
    const failed = cache.begin("/c");
    const failedWaiter = cache.waitFor("/c");
    failed.finish(undefined);
    expect(await failedWaiter).toBeUndefined();
  });

  it("expires entries after the TTL and evicts the least recently used", async () => {
    vi.useFakeTimers();
    const cache = new PageCache();
    cache.set("/a", await page("a"));
    expect(cache.get("/a")?.body.identity.toString()).toBe("a");
    vi.advanceTimersByTime(TTL_MS + 1);
    expect(cache.get("/a")).toBeUndefined();
    vi.useRealTimers();
    for (let i = 0; i < 510; i++) cache.set(`/p${i}`, await page(`p${i}`));
    expect(cache.size).toBe(500);
    expect(cache.get("/p0")).toBeUndefined();
    expect(cache.get("/p509")?.body.identity.toString()).toBe("p509");
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
