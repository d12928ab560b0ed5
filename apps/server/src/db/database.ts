import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, sql, type LogEvent, type PostgresPool, type PostgresPoolClient } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { DatabaseTarget } from "../config.ts";
import { isDependencyUnavailable } from "../lib/dependency-errors.ts";
import { postgresChangeFeed, sqliteChangeFeed, watchedTablesWritten, type ChangeFeed, type WatchedTable } from "./change-feed.ts";
import { migrationProvider } from "./migrations/index.ts";
import { postgresGroupCommit, type CommitCounts, type GroupConnection, type PostgresGroupCommit } from "./postgres-group-commit.ts";
import { GroupCommitSqliteDialect, SqliteWriter, StatementCache } from "./sqlite-group-commit.ts";
import type { DB } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

/** The dialect a connection (the database's, or a transaction on it) speaks: what a repository built on it writes for. */
export function dialectOf(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** What a statement did, by the statement's own kind (never its text: a bounded label for metrics). */
export type QueryKind = "select" | "insert" | "update" | "delete" | "other";
/**
 * Told of each statement run through Kysely, failed ones included, with its duration in seconds
 * and its SQL text (never its parameters; metrics keep the kind only, a bounded label).
 */
export type QueryObserver = (kind: QueryKind, seconds: number, text: string) => void;
/** The connections behind the database now: in the pool (PostgreSQL) or SQLite's writer and reader. */
export type ConnectionCounts = { total: number; idle: number; waiting: number };

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  /** True when the database answers a trivial query within a second. */
  ping(): Promise<boolean>;
  /**
   * Runs `work` while no other process runs its own on the same database: several servers
   * starting together migrate and seed one after the other (PostgreSQL advisory lock, or a lock
   * file beside the SQLite file).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Changes to the rows that per-request caches keep (db/change-feed.ts). */
  changes: ChangeFeed;
  /** Adds an observer of every statement's duration (an app's metrics); answers the function that removes it. */
  observeQueries(observer: QueryObserver): () => void;
  /** How many connections exist, are idle, and how many callers wait for one, now. */
  connections(): ConnectionCounts;
  /**
   * Group commits so far: COMMITs sent, and the transactions they ended (SQLite: every write
   * transaction; PostgreSQL: those that are one statement, db/postgres-group-commit.ts). More
   * transactions than commits means writes shared their commits.
   */
  commits(): CommitCounts;
  close(): Promise<void>;
};

const QUERY_KINDS = new Map<string, QueryKind>([
  ["SelectQueryNode", "select"],
  ["InsertQueryNode", "insert"],
  ["UpdateQueryNode", "update"],
  ["DeleteQueryNode", "delete"],
]);

/** A statement's command: the first word of its text, in lower case ("" for none). */
function commandOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? "";
}

/** The kind of a compiled statement: its node's kind, or for raw SQL its first word. */
export function queryKind(query: LogEvent["query"]): QueryKind {
  const kind = QUERY_KINDS.get(query.query.kind);
  if (kind) return kind;
  if (query.query.kind !== "RawNode") return "other";
  return QUERY_KIND_WORDS.get(commandOf(query.sql)) ?? "other";
}
const QUERY_KIND_WORDS = new Map<string, QueryKind>([
  ["select", "select"],
  ["insert", "insert"],
  ["update", "update"],
  ["delete", "delete"],
]);

/**
 * Kysely's log hook, measuring every statement (a clock read before and after: cheap) for whoever
 * observes the database; with nobody observing it does nothing more.
 */
function observedQueries(): { log: (event: LogEvent) => void; observe: Database["observeQueries"] } {
  const observers = new Set<QueryObserver>();
  return {
    log(event) {
      if (observers.size === 0) return;
      const kind = queryKind(event.query);
      const seconds = event.queryDurationMillis / 1000;
      for (const observer of observers) observer(kind, seconds, event.query.sql);
    },
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}

/** How long a start-up waits for another server's migrations and seeds before giving up. */
const STARTUP_LOCK_WAIT_MS = 5 * 60_000;

export class DatabaseConnectError extends Error {
  override name = "DatabaseConnectError";
}

/** Hides the password of a connection string before it reaches a log or an error message. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, "//$1:***@");
}

/** Opens the database DATABASE_URL names and proves it answers; failure names the variable. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.dialect === "sqlite" ? openSqlite(target.file) : openPostgres(target.url, target.poolSize);
}

function openSqlite(file: string): Database {
  let native: SQLite.Database;
  let reader: SQLite.Database | null = null;
  try {
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    native = new SQLite(file);
    native.pragma("journal_mode = WAL");
    native.pragma("foreign_keys = ON");
    native.pragma("busy_timeout = 5000");
    // FULL: a write the API acknowledged survives a crash or a power cut, not only a process kill.
    native.pragma("synchronous = FULL");
    // The writer's savepoint journal (each request of a group commit is a savepoint) in memory,
    // not in a temporary file written page by page: it only ever undoes a savepoint, the WAL and
    // its fsync at COMMIT are what make a write durable.
    native.pragma("temp_store = MEMORY");
    // Reads outside a transaction see what is committed, and never wait for the writer (WAL).
    if (file !== ":memory:") {
      reader = new SQLite(file, { readonly: true });
      reader.pragma("busy_timeout = 5000");
    }
  } catch (err) {
    throw new DatabaseConnectError(`Could not open the SQLite database at ${file} (DATABASE_URL): ${(err as Error).message}`);
  }
  const changes = sqliteChangeFeed(native);
  const writer = new SqliteWriter(new StatementCache(native), reader && new StatementCache(reader), { onSettled: () => changes.committed([]) });
  const queries = observedQueries();
  const db = new Kysely<DB>({ dialect: new GroupCommitSqliteDialect(writer), log: queries.log });
  const total = reader ? 2 : 1;
  return {
    db,
    dialect: "sqlite",
    observeQueries: queries.observe,
    // The reader's statements run synchronously, so whenever this runs the reader is idle; the
    // writer is taken for a whole transaction and is idle only between two.
    connections() {
      const { busy, waiting } = writer.use;
      return { total, idle: busy ? total - 1 : total, waiting };
    },
    commits: () => writer.committed,
    async ping() {
      try {
        (reader ?? native).prepare("select 1").get();
        return true;
      } catch {
        return false;
      }
    },
    exclusively: (work) => (file === ":memory:" ? work() : withLockFile(`${file}-startup-lock`, work)),
    changes,
    close: () => db.destroy(),
  };
}

/**
 * An exclusive transaction on a small side file (not the database itself, whose migrations must
 * stay writable). The operating system drops the lock when its process ends, however it ends, so
 * a server killed mid-start-up never leaves a stale lock behind.
 */
async function withLockFile<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const lock = new SQLite(lockFile);
  try {
    // Never block the event loop inside SQLite: poll instead.
    lock.pragma("busy_timeout = 0");
    const deadline = Date.now() + STARTUP_LOCK_WAIT_MS;
    for (;;) {
      try {
        lock.exec("BEGIN EXCLUSIVE");
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== "SQLITE_BUSY") throw err;
        if (Date.now() > deadline) throw new Error(`Another process has held ${lockFile} for too long`);
        await sleep(100);
      }
    }
    return await work();
  } finally {
    lock.close();
  }
}

/**
 * Timeouts that turn a database that is down or unreachable into a quick 503 instead of requests
 * that hang: connecting (also waiting for a free pooled connection) gives up after 2 s; a statement
 * is cancelled by the server after 10 s, and the client stops waiting 2 s later (a server that
 * went silent cannot cancel anything).
 */
export const POSTGRES_TIMEOUTS = { connectMs: 2_000, statementMs: 10_000, queryMs: 12_000, idleMs: 30_000 } as const;

/** How long a start-up waits between attempts to take the other servers' start-up lock. */
const STARTUP_LOCK_POLL_MS = 200;
/** pg_advisory_lock key of the start-up (migrations and seeds); any constant unique to this app. */
const STARTUP_LOCK_KEY = 7_270_000;

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    idleTimeoutMillis: POSTGRES_TIMEOUTS.idleMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    // Notices a peer that vanished without closing the connection (a dead host, a dropped route).
    keepAlive: true,
    // A statement is sent at once, even while an earlier one on the connection awaits its answer,
    // so a transaction's `BEGIN` and its blind job insert add no round trip of their own.
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a client that is checked out between two queries (pg-pool listens only to idle ones):
  // the query in flight, or the next one, fails and the request answers 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseConnectError(`Could not connect to PostgreSQL at ${redactUrl(url)} (DATABASE_URL): ${(err as Error).message || String(err)}`);
  }
  const changes = postgresChangeFeed(url, { connectMs: POSTGRES_TIMEOUTS.connectMs });
  const queries = observedQueries();
  // Statements with parameters run as prepared statements, named per text.
  const statementNames = preparedStatementNames();
  const groupCommit = postgresGroupCommit({ connect: () => groupConnection(pool, statementNames) });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: discardingBrokenClients(pool, statementNames, groupCommit, (tables) => changes.committed(tables)) }),
    log: queries.log,
  });
  return {
    db,
    dialect: "postgres",
    observeQueries: queries.observe,
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    commits: groupCommit.counts,
    async ping() {
      try {
        await Promise.race([sql`select 1`.execute(db), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 1_000).unref())]);
        return true;
      } catch {
        return false;
      }
    },
    async exclusively(work) {
      // A session-level advisory lock on one reserved connection; the work itself uses the pool.
      // Polled with try-lock so no single statement outlives the statement timeout while another
      // server migrates; the lock dies with its connection if this process is killed.
      return db.connection().execute(async (connection) => {
        const deadline = Date.now() + STARTUP_LOCK_WAIT_MS;
        for (;;) {
          const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${STARTUP_LOCK_KEY}) as locked`.execute(connection);
          if (rows[0]?.locked) break;
          if (Date.now() > deadline) throw new Error("Another server has held the start-up lock (migrations and seeds) for too long");
          await sleep(STARTUP_LOCK_POLL_MS);
        }
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection).catch(() => {});
        }
      });
    },
    changes,
    async close() {
      await changes.close();
      await db.destroy();
    },
  };
}

/**
 * The pool as Kysely sees it. A checkout takes a pooled client only when it first sends a
 * statement: a transaction that is one statement at its COMMIT (below) never holds one while it
 * waits for its group commit (db/postgres-group-commit.ts), and a transaction given up before it
 * sent anything takes none. A pooled client whose query failed for want of a connection (timed
 * out, reset) goes back to the pool destroyed rather than reused: after a client-side query
 * timeout, node-postgres keeps the unanswered query at the head of that connection's queue, so
 * every later query on it would wait too. Statements with parameters run as prepared statements
 * (preparedStatementNames); writes to watched tables are reported when committed. A statement
 * answered early (answeredAtOnce) is held and leaves in one write with the statement after it: a
 * transaction's `BEGIN` with its first statement, blind inserts (a write's pending jobs, a lead's
 * row) merged into one statement with the next. A transaction that sends nothing else is that one
 * statement at its COMMIT (no `BEGIN`, no `COMMIT`), committed with others handed in at about the
 * same time; a ROLLBACK drops what is held unsent, and is not sent itself when no transaction was
 * opened on the server. A client released with a statement still held is destroyed.
 */
function discardingBrokenClients(
  pool: pg.Pool,
  statementNames: StatementNames,
  groupCommit: PostgresGroupCommit,
  committed: (tables: Iterable<WatchedTable>) => void,
): PostgresPool {
  const checkout = (): PostgresPoolClient => {
    let client: pg.PoolClient | undefined;
    let acquiring: Promise<pg.PoolClient> | undefined;
    let broken = false;
    // Writes to watched tables (db/change-feed.ts) are reported once they are committed: at once
    // outside a transaction, at COMMIT inside one, never after a ROLLBACK.
    let inTransaction = false;
    const pending = new Set<WatchedTable>();
    // Statements answered to their caller before they were sent (see answeredAtOnce), in order;
    // they leave with the next statement.
    let held: Statement[] = [];
    // Whether the last transaction statement given opened one (it may not have been sent yet).
    let transactionSent = false;
    const acquire = () =>
      (acquiring ??= pool.connect().then((taken) => {
        client = taken;
        return taken;
      }));
    const query = (...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : "";
      const values: unknown[] = Array.isArray(args[1]) ? args[1] : [];
      const control = transactionControl(text);
      const early = answeredAtOnce(text, transactionSent);
      const wasInTransaction = transactionSent;
      if (control) transactionSent = control === "begin";
      if (early) {
        held.push({ text, values });
        return Promise.resolve(early);
      }
      // A write outside any transaction that asks for it (COMMITTED_WITH_OTHERS), on a checkout
      // holding no client, is a transaction of one statement: committed with the others handed in
      // at about the same time, and answered after that COMMIT. (Nothing is held outside a
      // transaction: only a BEGIN and what follows it are.)
      if (!control && !wasInTransaction && !acquiring && text.endsWith(COMMITTED_WITH_OTHERS_MARK)) {
        return observe(text, undefined, groupCommit.commit({ text, values }));
      }
      const waiting = held;
      held = [];
      // A transaction that sent nothing but blind inserts is one statement, which commits itself.
      const whole = control === "commit" && waiting[0]?.text === "begin" ? mergedInserts(waiting.slice(1)) : undefined;
      if (whole) return observe(whole.text, control, groupCommit.commit(whole));
      if (control === "rollback") {
        // What a ROLLBACK undoes is not sent first: the held statements are dropped. Nothing is
        // sent at all when the BEGIN never was (the transaction was given up before), or when no
        // transaction is open: after its COMMIT, which ends it even when it fails (Kysely rolls
        // back after a failed COMMIT, a refused one-statement transaction's included), or when
        // no client was ever taken (its first statement could not get one).
        if (waiting[0]?.text === "begin" || !wasInTransaction || !client) {
          pending.clear();
          return Promise.resolve({ command: "ROLLBACK", rowCount: null, rows: [] });
        }
      }
      const sent = control === "rollback" ? [] : waiting;
      if (client) return dispatch(client, text, values, control, sent, args);
      return acquire().then((taken) => dispatch(taken, text, values, control, sent, args));
    };
    /** Sends the held statements and this one in one write; each outcome joins the next. */
    const dispatch = (
      taken: pg.PoolClient,
      text: string,
      values: unknown[],
      control: TransactionControl | undefined,
      waiting: Statement[],
      args: unknown[],
    ) => {
      const socket = socketOf(taken);
      if (waiting.length > 0) socket.cork();
      let before: Promise<unknown> | undefined;
      for (const statement of withInsertsMerged(waiting)) {
        const outcome = observe(statement.text, transactionControl(statement.text), sendOn(statementNames, taken, statement.text, statement.values));
        before = before ? inOrder(before, outcome) : outcome;
      }
      before?.catch(() => {}); // reported below, through the statement's own outcome
      const result = text ? sendOn(statementNames, taken, text, values) : (taken.query as (...a: unknown[]) => unknown)(...args);
      if (waiting.length > 0) socket.uncork();
      if (!(result instanceof Promise)) return result; // a cursor
      const outcome = observe(text, control, result);
      // It fails with the first error in the order sent.
      return before ? inOrder(before, outcome) : outcome;
    };
    const observe = (text: string, control: TransactionControl | undefined, result: Promise<unknown>) =>
      result.then(
        (value: unknown) => {
          if (control === "begin") inTransaction = true;
          else if (control === "commit") {
            // A whole transaction sent as one statement (mergedInserts) commits the tables it names.
            inTransaction = false;
            committed([...pending, ...watchedTablesWritten(text)]);
            pending.clear();
          } else if (control === "rollback") {
            inTransaction = false;
            pending.clear();
          } else if (!/^\s*select\b/i.test(text)) {
            const tables = watchedTablesWritten(text);
            if (!inTransaction) committed(tables);
            else for (const table of tables) pending.add(table);
          }
          return value;
        },
        (err: unknown) => {
          if (isDependencyUnavailable(err)) broken = true;
          throw err;
        },
      );
    return {
      query: query as PostgresPoolClient["query"],
      release: (destroy?: boolean) => {
        // A transaction always ends with COMMIT or ROLLBACK, which settle what was answered early.
        const stray = held.length > 0 || transactionSent;
        held = [];
        transactionSent = false;
        if (client) client.release(Boolean(destroy) || broken || stray);
        // Released while its first statement still waits for a client (a caller that did not
        // await it): the client goes back, destroyed, once it comes, and is never lost.
        else
          acquiring?.then(
            (late) => late.release(true),
            () => {},
          );
        client = undefined;
        acquiring = undefined;
      },
    };
  };
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      return checkout();
    },
  };
}

type StatementNames = ReturnType<typeof preparedStatementNames>;

/** Sends a statement on a pooled client, prepared when it has parameters and is worth it. */
function sendOn(statementNames: StatementNames, client: pg.PoolClient, text: string, values: unknown[]): Promise<unknown> {
  const name = values.length > 0 ? statementNames.nameOf(text) : undefined;
  return (name ? client.query({ text, values, name }) : client.query(text, values)) as Promise<unknown>;
}

function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } {
  return (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
}

/** A pooled client as the group commit uses it; destroyed on release when it lost its connection. */
async function groupConnection(pool: pg.Pool, statementNames: StatementNames): Promise<GroupConnection> {
  const client = await pool.connect();
  const socket = socketOf(client);
  let broken = false;
  return {
    send: (text, values) =>
      sendOn(statementNames, client, text, values).catch((err: unknown) => {
        if (isDependencyUnavailable(err)) broken = true;
        throw err;
      }),
    cork: () => socket.cork(),
    uncork: () => socket.uncork(),
    release: () => client.release(broken),
  };
}

type TransactionControl = "begin" | "commit" | "rollback";

type Statement = { text: string; values: unknown[] };

/** PostgreSQL's limit on a statement's parameters. */
const MAX_PARAMETERS = 65_535;

/**
 * Blind inserts held for the next statement (answeredAtOnce), as one statement: the inserts but
 * the last as data-modifying `WITH` parts of the last, their parameters numbered on. PostgreSQL
 * writes every row of it or none, and a refused insert fails it with the refusal's own error, as
 * it failed the transaction before. Each part's text holds no `$` but its parameters' (Kysely's
 * inserts). The last may be a statement with a `WITH` of its own (a held decision: an upsert and
 * what follows from it), whose parts then follow the others'; its parts' names never begin with
 * `held_`. None for no insert, or beyond PostgreSQL's limit on a statement's parameters.
 */
export function mergedInserts(inserts: readonly Statement[]): Statement | undefined {
  const values: unknown[] = [];
  const parts: string[] = [];
  for (const [i, insert] of inserts.entries()) {
    const command = commandOf(insert.text);
    const mergeable = command === "insert" || (command === "with" && i === inserts.length - 1 && !/"held_\d+"/.test(insert.text));
    if (!mergeable || !insert.text.endsWith(SENT_WITH_NEXT_MARK)) return undefined;
    const offset = values.length;
    values.push(...insert.values);
    parts.push(
      insert.text
        .slice(0, -SENT_WITH_NEXT_MARK.length)
        .trimEnd()
        .replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`),
    );
  }
  const last = parts.pop();
  if (last === undefined || values.length > MAX_PARAMETERS) return undefined;
  if (parts.length === 0) return { text: last, values };
  const held = parts.map((part, i) => `"held_${i + 1}" as (${part})`).join(", ");
  const ownWith = /^\s*with\s+/i.exec(last);
  return { text: ownWith ? `with ${held}, ${last.slice(ownWith[0].length)}` : `with ${held} ${last}`, values };
}

/** Held statements as they are sent: a `BEGIN` on its own, then the blind inserts merged into one statement when there are two or more. */
function withInsertsMerged(held: readonly Statement[]): readonly Statement[] {
  const begin = held[0]?.text === "begin" ? held.slice(0, 1) : [];
  const inserts = held.slice(begin.length);
  const merged = inserts.length > 1 ? mergedInserts(inserts) : undefined;
  return merged ? [...begin, merged] : held;
}

/**
 * The outcome of a statement sent after statements answered early: theirs first, in the order
 * they were sent. The first to fail gives its error (a taken e-mail's unique violation, not the
 * "transaction is aborted" of every statement after it, whose answers can arrive in the same
 * read); when none failed, the statement's own outcome. The statement's failure is observed at
 * once, since it can settle before theirs (node-postgres fails a query it cannot send on the next
 * tick, while the earlier ones still await their answers): left unobserved until then, it would be
 * an unhandled rejection, which ends the process.
 */
export function inOrder(before: Promise<unknown>, outcome: Promise<unknown>): Promise<unknown> {
  outcome.catch(() => {}); // reported below, after the earlier statements' outcome
  return before.then(() => outcome);
}

/**
 * The statements that open and end a transaction. Back to a savepoint is neither: the transaction
 * goes on, and its writes so far stay pending.
 */
function transactionControl(text: string): TransactionControl | undefined {
  const [, word, next] = /^\s*(\w+)\s*(\w*)/.exec(text)?.map((part) => part.toLowerCase()) ?? [];
  if (word === "begin" || word === "commit") return word;
  if (word === "rollback" && next !== "to") return "rollback";
  return undefined;
}

/**
 * Ends a statement whose answer its caller does not read, inside a transaction: the connection
 * answers it at once and sends it with the next statement (answeredAtOnce), merged with the blind
 * inserts held beside it (mergedInserts). It must be an insert without `RETURNING` or
 * `ON CONFLICT`, so that all its rows are inserted or it fails (or an `INSERT … SELECT … WHERE`
 * whose condition is the decision whether its row is written: a job sent `onlyIf`), or a statement whose answer says
 * nothing to anyone (a `WITH` whose upsert decides what its insert writes, the transaction's last
 * statement), or a `SELECT … FOR KEY SHARE` (or another locking clause) that only takes a row
 * lock, which leaves as it is, never merged, and holds the lock before the next statement runs;
 * its text holds no `$` but its parameters'. A unique key's refusal reaches the caller
 * as the next statement's error, so whoever turns it into an answer (a 409) must catch around the
 * whole transaction, not the insert alone.
 */
const SENT_WITH_NEXT_MARK = "/* sent with the next statement */";
export const SENT_WITH_NEXT_STATEMENT = sql.raw(SENT_WITH_NEXT_MARK);

/**
 * Ends a write made outside a transaction whose wait for a commit of its own is the cost of a hot
 * path (an enrolment, a lesson opened, a session seen): on PostgreSQL it is committed with the
 * other one-statement transactions handed in at about the same time (db/postgres-group-commit.ts)
 * and answered, its rows included, once their COMMIT is. It holds its group while it runs, and
 * the rows it locks stay locked until the group commits, so only a statement that touches a few
 * rows by key asks for it; a maintenance sweep (expired rows deleted) keeps a commit of its own.
 * Inside a transaction, and on SQLite (whose writer commits in groups anyway), it is a comment.
 */
const COMMITTED_WITH_OTHERS_MARK = "/* committed with others */";
export const COMMITTED_WITH_OTHERS = sql.raw(COMMITTED_WITH_OTHERS_MARK);

/**
 * The answer given at once to a statement whose answer nobody reads; the statement itself is held
 * and leaves with the next one, whose outcome it joins, so a failure still fails the transaction,
 * at the latest when its COMMIT is answered. Two statements qualify: a transaction's `BEGIN`, and,
 * inside a transaction, an insert or a row lock marked SENT_WITH_NEXT_STATEMENT (a write's pending
 * jobs, a lead's row, a confirmation link, a sprint's row held against a freeze).
 */
function answeredAtOnce(text: string, inTransaction: boolean): { command: string; rowCount: number; rows: [] } | undefined {
  if (text === "begin" && !inTransaction) return { command: "BEGIN", rowCount: 0, rows: [] };
  if (!inTransaction || !text.endsWith(SENT_WITH_NEXT_MARK)) return undefined;
  if (commandOf(text) === "select") return { command: "SELECT", rowCount: 0, rows: [] };
  return { command: "INSERT", rowCount: text.split("), (").length, rows: [] };
}

/**
 * Applies every pending migration (Kysely also takes its own advisory lock on PostgreSQL). At
 * start-up, call it through prepareDatabase (db/prepare.ts), which holds the start-up lock around
 * migrations and seeds together.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Migrations are additive and independent; a database that already ran a later one can still
  // take an earlier one that landed after it (features are developed in parallel).
  const migrator = new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations of this build that the database has not applied yet (readiness asks until none are left). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }), allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** How many distinct statement texts are prepared on each connection, at most. */
const PREPARED_STATEMENTS = 200;
/** A text is prepared from this run on: texts run once or twice (seeds, one-off lists) never take a place. */
const PREPARED_FROM_RUN = 3;
/** How many texts not yet prepared are counted at once (the count starts over when it is full). */
const COUNTED_TEXTS = 2_000;

/**
 * Names for the statements worth preparing: PostgreSQL parses and plans a named statement once per
 * connection and then only binds and runs it. Only statements with parameters are offered (one
 * without may carry its values in its text, or be several statements, which cannot be prepared).
 * A text gets a name at its PREPARED_FROM_RUN-th run, up to PREPARED_STATEMENTS texts; the others
 * run unnamed. A text that selects or returns `*` is never prepared: a column added by a migration
 * while this server runs would change its result type, which PostgreSQL refuses for a prepared
 * statement ("cached plan must not change result type"); a named column list keeps its type
 * through an expand migration. Transaction control, savepoints and DDL are not worth a name.
 */
export function preparedStatementNames(limit = PREPARED_STATEMENTS, fromRun = PREPARED_FROM_RUN): { nameOf(text: string): string | undefined } {
  const names = new Map<string, string>();
  // Runs so far of each text not named yet; -Infinity for a text never worth a name.
  const runs = new Map<string, number>();
  return {
    nameOf(text) {
      const name = names.get(text);
      if (name !== undefined) return name;
      if (names.size >= limit) return undefined;
      const run = (runs.get(text) ?? 0) + 1;
      if (run >= fromRun && worthPreparing(text)) {
        runs.delete(text);
        const given = statementName(text, names.size + 1);
        names.set(text, given);
        return given;
      }
      if (runs.size >= COUNTED_TEXTS) runs.clear();
      runs.set(text, run >= fromRun ? Number.NEGATIVE_INFINITY : run);
      return undefined;
    },
  };
}

/**
 * A prepared statement's name: its command, the first table it names and its number
 * ("INSERT testnet_signups #12"), so a trace span or `pg_prepared_statements` says what it is
 * (PostgreSQL keeps the first 63 bytes of a name).
 */
function statementName(text: string, n: number): string {
  const command = commandOf(text).toUpperCase();
  const table = /\b(?:into|update|from)\s+"?([\w.]+)"?/i.exec(text)?.[1]?.slice(0, 40);
  return table ? `${command} ${table} #${n}` : `${command} #${n}`;
}

/**
 * Only queries and writes are prepared (never transaction control, savepoints or DDL). A write
 * answers what its `returning` names: a `*` elsewhere in it (a subquery's) never reaches the
 * result. In a query, `count(*)` has one column whatever the table, and any other `*` (select *,
 * t.*) follows the table's columns.
 */
function worthPreparing(text: string): boolean {
  switch (commandOf(text)) {
    case "insert":
    case "update":
    case "delete":
      return !/\breturning\b[^;]*\*/i.test(text);
    case "select":
    case "with":
      return !text.replace(/count\(\*\)/gi, "").includes("*");
    default:
      return false;
  }
}
