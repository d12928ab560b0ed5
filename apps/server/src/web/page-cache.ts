import { BoundedCache } from "../lib/bounded-cache.ts";

/**
 * Server-rendered HTML of public pages is the same for every visitor (personal data loads in the
 * browser), so a rendered page is kept for a short while and served again without rendering.
 * Each response still gets its own CSP nonce: the cached copy's nonce is swapped for a fresh one.
 * Admin content writes clear the cache; likes and views may show up to TTL_MS late.
 */
export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** The page's UTF-8 bytes cut at each nonce attribute, so a response is one copy, not a re-encode. */
  parts: Buffer[];
  bytes: number;
};

export const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 24 * 1024 * 1024;

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** A rendered page ready to be stored: its HTML cut around the nonce it was rendered with. */
export function cachedPage(status: number, headers: Array<[string, string]>, html: string, nonce: string): CachedPage {
  const parts = html.split(nonceAttribute(nonce)).map((part) => Buffer.from(part));
  return { status, headers, parts, bytes: parts.reduce((n, p) => n + p.length, 0) };
}

export class PageCache {
  private entries = new BoundedCache<CachedPage>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, maxEntryBytes: MAX_BYTES / 8 });

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.entries.set(key, page, page.bytes);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The cached HTML with this response's nonce where the stored one was. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  const attribute = Buffer.from(nonceAttribute(nonce));
  const chunks: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) chunks.push(attribute);
    chunks.push(part);
  });
  return Buffer.concat(chunks);
}
