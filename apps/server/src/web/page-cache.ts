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
  storedAt: number;
};

export const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 24 * 1024 * 1024;

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** A rendered page ready to be stored: its HTML cut around the nonce it was rendered with. */
export function cachedPage(status: number, headers: Array<[string, string]>, html: string, nonce: string): CachedPage {
  const parts = html.split(nonceAttribute(nonce)).map((part) => Buffer.from(part));
  return { status, headers, parts, bytes: parts.reduce((n, p) => n + p.length, 0), storedAt: Date.now() };
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.storedAt > TTL_MS) {
      this.delete(key);
      return undefined;
    }
    // Least recently used first out: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    if (page.bytes > MAX_BYTES / 8) return;
    this.entries.set(key, page);
    this.bytes += page.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.bytes;
    this.entries.delete(key);
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
