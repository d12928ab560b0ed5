import type { Change, ChangeFeed, WatchedTable } from "../db/change-feed.ts";
import { BoundedCache } from "./bounded-cache.ts";

/**
 * Per-request reads kept in memory for as long as their rows stay unchanged: the change feed
 * (db/change-feed.ts) drops an entry when its rows change, on this server or any other. A read
 * that was in flight while anything watched changed is answered but not kept, and when the feed
 * cannot vouch for memory (PostgreSQL's listener reconnecting) every read goes to the database.
 *
 * `keyOf` maps a change of one of `tables` to the entry it affects; null drops every entry.
 */
export class WatchedCache<V> {
  private readonly entries: BoundedCache<V>;
  private readonly feed: ChangeFeed;

  constructor(feed: ChangeFeed, tables: Partial<Record<WatchedTable, (key: string) => string | null>>, limits: { maxEntries: number; ttlMs: number }) {
    this.feed = feed;
    // Entries are small rows; the entry count bounds the memory.
    this.entries = new BoundedCache<V>({ ...limits, maxBytes: Number.POSITIVE_INFINITY, maxEntryBytes: Number.POSITIVE_INFINITY });
    feed.subscribe((change: Change) => {
      if (change.table === null) return this.entries.clear();
      const affected = tables[change.table];
      if (!affected) return;
      const key = change.key === null ? null : affected(change.key);
      if (key === null) this.entries.clear();
      else this.entries.delete(key);
    });
  }

  /** The value under `key`, from memory while its rows are unchanged, else from `load`. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.feed.begin();
    if (generation === null) return load();
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (value !== undefined && this.feed.generation() === generation) this.entries.set(key, value, 1);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
