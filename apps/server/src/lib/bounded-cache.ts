/**
 * A store that forgets: entries expire after `ttlMs`, and the least recently used go first once
 * there are more than `maxEntries` or they weigh more than `maxBytes` together. An entry heavier
 * than `maxEntryBytes` is not kept at all. The page cache and the public answer cache build on it.
 */
export type BoundedCacheLimits = { ttlMs: number; maxEntries: number; maxBytes: number; maxEntryBytes: number };

type Entry<V> = { value: V; bytes: number; storedAt: number };

export class BoundedCache<V> {
  private entries = new Map<string, Entry<V>>();
  private bytes = 0;
  private readonly limits: BoundedCacheLimits;

  constructor(limits: BoundedCacheLimits) {
    this.limits = limits;
  }

  /** The fresh value under `key`; a hit becomes the most recently used. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.storedAt > this.limits.ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.limits.maxEntryBytes) return;
    this.entries.set(key, { value, bytes, storedAt: Date.now() });
    this.bytes += bytes;
    // Map keeps insertion order: the first entries are the least recently used.
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.bytes;
    this.entries.delete(key);
  }

  /** Drops the entries whose key `matches`. */
  forget(matches: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (matches(key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
