/**
 * A store that forgets: entries expire after `ttlMs`, and the least recently used go first once
 * there are more than `maxEntries` or they weigh more than `maxBytes` together. An entry heavier
 * than `maxEntryBytes` is not kept at all. The page cache and the public answer cache build on it.
 *
 * A hit does not touch the Map. Moving the entry to the end (delete, then set) on every hit made
 * V8 rebuild the Map's hash table on each request; once a long-lived Map's table sits in the old
 * generation, every rebuilt table is allocated there too, and under load that filled the old
 * generation fast enough for a full collection every ~230 ms (measured in #17: the same answer
 * served at 41–44 % of its ceiling). So a hit only notes the time, and an entry moves to the end
 * (its recency in the Map's order) at most once per `TOUCH_MS`: the order is least recently used
 * to within that.
 */
export type BoundedCacheLimits = { ttlMs: number; maxEntries: number; maxBytes: number; maxEntryBytes: number };

type Entry<V> = { value: V; bytes: number; storedAt: number; movedAt: number };

/** How stale an entry's place in the eviction order may get before a hit moves it to the end. */
export const TOUCH_MS = 1_000;

export class BoundedCache<V> {
  private entries = new Map<string, Entry<V>>();
  private bytes = 0;
  private readonly limits: BoundedCacheLimits;

  constructor(limits: BoundedCacheLimits) {
    this.limits = limits;
  }

  /** The fresh value under `key`; a hit becomes (to within TOUCH_MS) the most recently used. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = Date.now();
    if (now - hit.storedAt > this.limits.ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.touch(key, hit, now);
    return hit.value;
  }

  set(key: string, value: V, bytes: number): void {
    if (bytes > this.limits.maxEntryBytes) {
      this.delete(key);
      return;
    }
    const now = Date.now();
    const old = this.entries.get(key);
    if (old) {
      // Replaced in place: a refresh of a hot key does not rebuild the Map's table either.
      this.bytes += bytes - old.bytes;
      old.value = value;
      old.bytes = bytes;
      old.storedAt = now;
      this.touch(key, old, now);
    } else {
      this.entries.set(key, { value, bytes, storedAt: now, movedAt: now });
      this.bytes += bytes;
    }
    // Map keeps insertion order: the first entries are the least recently used.
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Moves an entry to the end of the eviction order, unless it moved there within TOUCH_MS. */
  private touch(key: string, entry: Entry<V>, now: number): void {
    if (now - entry.movedAt <= TOUCH_MS) return;
    entry.movedAt = now;
    this.entries.delete(key);
    this.entries.set(key, entry);
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
