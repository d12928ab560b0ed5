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
  /** Loads under way, by key, with the generation they started in. */
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();

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

  /**
   * The value under `key`, from memory while its rows are unchanged, else from `load`. Reads of
   * one key that miss while nothing watched has changed share one load: a wave arriving after an
   * entry was dropped reads the database once, not once a request. A read that starts after a
   * change loads afresh.
   */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.feed.begin();
    if (generation === null) return load();
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const under = this.loading.get(key);
    if (under && under.generation === generation) return under.value;
    const loading = { generation, value: load() };
    this.loading.set(key, loading);
    try {
      const value = await loading.value;
      if (value !== undefined && this.feed.generation() === generation) this.entries.set(key, value, 1);
      return value;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
