/**
 * Article views are counted in memory and written in one transaction per second, instead of one
 * UPDATE (and, on SQLite, one fsync) per page view: reading an article no longer queues behind
 * other readers' writes. A view is a statistic, not something a visitor was promised: a crash can
 * lose at most the last second of views; a normal shutdown writes them all (flush on close).
 */
export type ViewStore = { addViews(counts: Map<string, number>): Promise<void> };

export const FLUSH_INTERVAL_MS = 1_000;

export class ViewCounter {
  private pending = new Map<string, number>();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly store: ViewStore;
  private readonly onError: (error: unknown) => void;

  constructor(store: ViewStore, onError: (error: unknown) => void, intervalMs = FLUSH_INTERVAL_MS) {
    this.store = store;
    this.onError = onError;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  add(articleId: string): void {
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
  }

  /** Views of an article counted here and not yet in the database (after any running flush). */
  async unsaved(articleId: string): Promise<number> {
    await this.flushing;
    return this.pending.get(articleId) ?? 0;
  }

  /** Writes the counted views; on failure they are put back and tried again next time. */
  flush(): Promise<void> {
    if (this.flushing !== undefined) return this.flushing;
    if (this.pending.size === 0) return Promise.resolve();
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.store
      .addViews(batch)
      .catch((error: unknown) => {
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        this.onError(error);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }
}
