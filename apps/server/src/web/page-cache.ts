import { BoundedCache } from "../lib/bounded-cache.ts";
import { encodeOnce, type EncodedBody } from "../lib/encoded-body.ts";

/**
 * Server-rendered HTML of public pages is the same for every visitor (personal data loads in the
 * browser), so a rendered page is kept for a short while and served again without rendering. An
 * entry is the page's bytes with their Brotli and gzip forms (each made once, when first asked for),
 * its CSP (the hashes of its inline scripts, no nonce) and its ETag: a hit is a copy of bytes.
 * Admin content writes clear the cache; likes and views may show up to TTL_MS late.
 */
export type CachedPage = {
  /** Headers of the rendered response other than those the cache sets itself. */
  headers: Array<[string, string]>;
  body: EncodedBody;
  csp: string;
  createdAt: number;
  bytes: number;
};

/** Kept 30 s: with a shared cache's s-maxage counted from our Age header, an edit shows within a minute. */
export const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
/** All three forms of every page count (identity, br, gzip). */
const MAX_BYTES = 32 * 1024 * 1024;
/** Headers the cache answers itself, so a stored copy never contradicts them. */
const OWN_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "cache-control",
  "etag",
  "vary",
  "content-security-policy",
  "age",
  "set-cookie",
]);

/** A rendered page ready to be stored: its bytes (compressed forms made on first demand) and its CSP. */
export function cachedPage(headers: Array<[string, string]>, html: Buffer, csp: string, now = Date.now()): CachedPage {
  const body = encodeOnce(html);
  return { headers: headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())), body, csp, createdAt: now, bytes: body.bytes };
}

export class PageCache {
  private entries = new BoundedCache<CachedPage>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, maxEntryBytes: MAX_BYTES / 8 });
  /** Renders under way, so a crowd arriving at a cold page waits for one render, not one each. */
  private pending = new Map<string, { promise: Promise<CachedPage | undefined> }>();
  private generation = 0;

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.entries.set(key, page, page.bytes);
  }

  /** The render of `key` under way, if any: a crowd arriving at a cold page waits for one render. */
  waitFor(key: string): Promise<CachedPage | undefined> | undefined {
    return this.pending.get(key)?.promise;
  }

  /**
   * Marks this request as the one rendering `key`. `finish` must be called once, with the page to
   * keep or undefined when it must not be shared (an error, a Set-Cookie, no-store); the waiters
   * then render for themselves. A render that started before clear() is neither kept nor shared.
   */
  begin(key: string): { finish: (page: CachedPage | undefined) => void } {
    const generation = this.generation;
    let resolve!: (page: CachedPage | undefined) => void;
    const promise = new Promise<CachedPage | undefined>((r) => (resolve = r));
    const entry = { promise };
    if (!this.pending.has(key)) this.pending.set(key, entry);
    return {
      finish: (page) => {
        const fresh = page && generation === this.generation ? page : undefined;
        if (fresh) this.set(key, fresh);
        if (this.pending.get(key) === entry) this.pending.delete(key);
        resolve(fresh);
      },
    };
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
