import type SQLite from "better-sqlite3";
import pg from "pg";

/**
 * Tells this process when rows that it keeps in memory change, whoever changes them: this
 * process, another server on the same database, or an operator's command. Caches of per-request
 * reads (the session behind a token, a learner's place in a course) subscribe and drop what
 * changed, so a logout or a completed lesson is seen by every server's next request.
 *
 * - SQLite: temporary triggers on this connection report this process's own writes as they
 *   happen; `PRAGMA data_version` (checked before every cached read) reveals a commit by any other
 *   connection, and then everything is dropped.
 * - PostgreSQL: triggers (migration 0010) send each change with pg_notify in the writing
 *   transaction, and one LISTEN connection per process receives them. While that connection is
 *   not listening, and until it has listened again after a loss, nothing is served from memory.
 */

/** The tables whose changes are reported, with the key a change carries. */
export const WATCHED_TABLES = {
  /** key: the session id */
  sessions: "id",
  /** key: the user id */
  users: "id",
  /** key: `${user_id}|${course_id}` */
  enrollments: "user_id|course_id",
  /** key: `${user_id}|${course_id}` */
  lesson_completions: "user_id|course_id",
  /** key: the endpoint id */
  webhook_endpoints: "id",
} as const;
export type WatchedTable = keyof typeof WATCHED_TABLES;

/** A change to one row (key), to many rows of a table (key null), or to anything (table null). */
export type Change = { table: WatchedTable | null; key: string | null };

export const CHANGE_CHANNEL = "vestin_changes";

export interface ChangeFeed {
  /**
   * Call before a cached read. Returns the current generation, or null when the feed cannot vouch
   * for memory now (read the database). A read from the database may be kept only if
   * `generation()` still equals this value afterwards: nothing changed while it was in flight.
   */
  begin(): number | null;
  generation(): number;
  /**
   * This process committed writes to these tables (PostgreSQL: seen by the pool, see
   * database.ts). Its own caches drop them at once instead of waiting for the notice.
   */
  committed(tables: Iterable<WatchedTable>): void;
  subscribe(listener: (change: Change) => void): () => void;
  close(): Promise<void>;
}

/** Shared by both kinds: listeners, the generation, and what a change does to them. */
class Subscribers {
  private listeners = new Set<(change: Change) => void>();
  gen = 0;

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: Change): void {
    this.gen += 1;
    for (const listener of this.listeners) listener(change);
  }
}

function isWatched(table: string): table is WatchedTable {
  return Object.hasOwn(WATCHED_TABLES, table);
}

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;

/** The watched tables a statement writes to, from its SQL text. */
export function watchedTablesWritten(sqlText: string): WatchedTable[] {
  const tables = new Set<WatchedTable>();
  for (const match of sqlText.matchAll(WRITE)) {
    const table = match[1]?.toLowerCase() ?? "";
    if (isWatched(table)) tables.add(table);
  }
  return [...tables];
}

/** "table:key" (key may hold ":"), "table:*" or "*". */
export function parseChange(payload: string): Change | undefined {
  if (payload === "*") return { table: null, key: null };
  const at = payload.indexOf(":");
  if (at < 0) return undefined;
  const table = payload.slice(0, at);
  const key = payload.slice(at + 1);
  if (!isWatched(table)) return undefined;
  return { table, key: key === "*" ? null : key };
}

const SQLITE_FUNCTION = "vestin_row_changed";

export function sqliteChangeFeed(native: SQLite.Database): ChangeFeed {
  const subscribers = new Subscribers();
  let ready = false;
  let lastAttempt = 0;
  let dataVersion: number | undefined;
  const versionStatement = native.prepare("pragma data_version").pluck();
  /**
   * The rows written since the last commit. A row is announced as it is written, and again once
   * its transaction has settled: reads outside transactions see only what is committed, so one
   * made between the write and its commit may have kept the row as it was before.
   */
  let unsettled = new Map<string, Change>();
  const MAX_UNSETTLED = 1_000;

  native.function(SQLITE_FUNCTION, { deterministic: false, varargs: false }, (table: unknown, key: unknown) => {
    if (typeof table === "string" && isWatched(table)) {
      const change = { table, key: typeof key === "string" ? key : null };
      subscribers.emit(change);
      if (unsettled.size <= MAX_UNSETTLED) unsettled.set(`${change.table}|${change.key}`, change);
    }
    return null;
  });

  /** Temporary triggers live on this connection only and vanish with it; created once the tables exist. */
  function install(): boolean {
    // Not inside a transaction that another request has open on this connection: its rollback
    // would take the triggers with it while the feed believed them installed.
    if (native.inTransaction) return false;
    try {
      native.transaction(() => {
        for (const [table, keySpec] of Object.entries(WATCHED_TABLES)) {
          const key = (row: "old" | "new") =>
            keySpec
              .split("|")
              .map((column) => `${row}.${column}`)
              .join(" || '|' || ");
          for (const event of ["insert", "update", "delete"] as const) {
            // Keys never change on update, so the row as it was names it.
            const row = event === "insert" ? "new" : "old";
            native.exec(
              `create temp trigger if not exists vestin_watch_${table}_${event} after ${event} on main.${table} ` +
                `begin select ${SQLITE_FUNCTION}('${table}', ${key(row)}); end`,
            );
          }
        }
      })();
      return true;
    } catch {
      return false; // the tables are not there yet (before the migrations)
    }
  }

  return {
    begin() {
      if (!ready) {
        if (Date.now() - lastAttempt < 1_000) return null;
        lastAttempt = Date.now();
        ready = install();
        if (!ready) return null;
      }
      const version = versionStatement.get() as number;
      if (dataVersion !== undefined && version !== dataVersion) subscribers.emit({ table: null, key: null });
      dataVersion = version;
      return subscribers.gen;
    },
    generation: () => subscribers.gen,
    // Called when a transaction of this connection has committed or rolled back.
    committed() {
      if (unsettled.size === 0) return;
      const changes = unsettled;
      unsettled = new Map();
      if (changes.size > MAX_UNSETTLED) subscribers.emit({ table: null, key: null });
      else for (const change of changes.values()) subscribers.emit(change);
    },
    subscribe: (listener) => subscribers.subscribe(listener),
    async close() {},
  };
}

/** How often the LISTEN connection proves it is alive, and how long it waits before listening again. */
const HEARTBEAT_MS = 10_000;
const RETRY_MS = 1_000;

export function postgresChangeFeed(url: string, options: { connectMs: number }): ChangeFeed {
  const subscribers = new Subscribers();
  let client: pg.Client | undefined;
  let listening = false;
  let connecting = false;
  let closed = false;
  let retryAt = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  function lost(broken: pg.Client) {
    if (client !== broken) return;
    client = undefined;
    // Whatever arrived before is still right, but what was sent while we were away is not known.
    if (listening) subscribers.emit({ table: null, key: null });
    listening = false;
    retryAt = Date.now() + RETRY_MS;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    broken.removeAllListeners("notification");
    broken.on("error", () => {});
    void broken.end().catch(() => {});
  }

  async function listen() {
    connecting = true;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectMs, keepAlive: true, query_timeout: options.connectMs });
    client = next;
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      const change = message.payload ? parseChange(message.payload) : undefined;
      subscribers.emit(change ?? { table: null, key: null });
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
      if (closed || client !== next) {
        void next.end().catch(() => {});
        return;
      }
      // Anything cached before this moment may have missed a change: start clean.
      subscribers.emit({ table: null, key: null });
      listening = true;
      heartbeat = setInterval(() => {
        next.query("select 1").catch(() => lost(next));
      }, HEARTBEAT_MS);
      heartbeat.unref();
    } catch {
      lost(next);
    } finally {
      connecting = false;
    }
  }

  return {
    begin() {
      if (listening) return subscribers.gen;
      if (!closed && !connecting && Date.now() >= retryAt) void listen();
      return null;
    },
    generation: () => subscribers.gen,
    committed(tables) {
      for (const table of tables) subscribers.emit({ table, key: null });
    },
    subscribe: (listener) => subscribers.subscribe(listener),
    async close() {
      closed = true;
      listening = false;
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => {});
    },
  };
}
