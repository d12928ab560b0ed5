import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";
import { inSqliteSpan } from "../lib/tracing.ts";
import type { CommitCounts } from "./postgres-group-commit.ts";

/**
 * Group commit on SQLite: one writer that commits several requests' transactions at once.
 *
 * SQLite has one writer, and with `synchronous = FULL` every COMMIT waits for the disk (an fsync)
 * while the whole process waits with it (better-sqlite3 is synchronous). One transaction a request
 * means one fsync a request, and the process does little else under a wave of writes. Here the
 * write connection keeps one database transaction, a *batch*, open across requests:
 *
 * - Each request's transaction runs in a savepoint of the batch, one request at a time (SQLite's one
 *   writer). Its own failure rolls back to its savepoint: that request alone gets the error, the
 *   others in the batch are untouched.
 * - When a request's transaction is done, its savepoint is released and it waits for the batch's
 *   COMMIT; only then does its caller go on (and its answer leave). An acknowledged write is on disk.
 * - The batch commits when no request is waiting for the write connection (after the event loop has
 *   taken in the I/O already there, so requests that arrived together share a commit), or when it
 *   holds `maxMembers` transactions or is `maxWaitMs` old, whichever comes first. If the COMMIT
 *   fails, or an error makes SQLite roll back the whole batch, every member that was waiting gets
 *   the error: none of them was acknowledged.
 * - A statement outside a transaction that writes is a batch member of one statement. A statement
 *   that only reads runs at once on a second, read-only connection, which sees what is committed
 *   (WAL readers never wait for the writer): reads are neither held up by writes nor shown writes
 *   that are not yet durable. An in-memory database has no second connection; its reads take the
 *   writer's turn instead.
 */
export type GroupCommitOptions = {
  /** Transactions committed together at most. */
  maxMembers?: number;
  /** How long the first transaction of a batch waits for its commit at most, in milliseconds. */
  maxWaitMs?: number;
  /** Called after each COMMIT or ROLLBACK of a batch (the change feed re-announces its rows then). */
  onSettled?: () => void;
};

/** Prepared statements kept per connection (least recently used out): preparing is a large share of a request's work. */
export class StatementCache {
  readonly #statements = new Map<string, SQLite.Statement>();
  readonly native: SQLite.Database;
  readonly max: number;
  constructor(native: SQLite.Database, max = 1000) {
    this.native = native;
    this.max = max;
  }

  prepare(sqlText: string): SQLite.Statement {
    let statement = this.#statements.get(sqlText);
    if (statement) {
      this.#statements.delete(sqlText);
    } else {
      statement = this.native.prepare(sqlText);
      if (this.#statements.size >= this.max) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
    }
    this.#statements.set(sqlText, statement);
    return statement;
  }
}

type Batch = { members: number; startedAt: number; done: Promise<void>; resolve: () => void; reject: (err: unknown) => void };

/** A request's transaction within the batch. */
type Member = { savepoint: string; batch: Batch };

function newBatch(): Batch {
  let resolve: () => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Members await `done`; a batch nobody waits on must not report an unhandled rejection.
  promise.catch(() => {});
  return { members: 0, startedAt: Date.now(), done: promise, resolve, reject };
}

function execute(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

export class SqliteWriter {
  readonly #write: StatementCache;
  readonly #read: StatementCache | null;
  readonly #maxMembers: number;
  readonly #maxWaitMs: number;
  readonly #onSettled: () => void;
  #busy = false;
  readonly #waiting: Array<() => void> = [];
  #batch: Batch | null = null;
  #commitScheduled = false;
  readonly #committed: CommitCounts = { commits: 0, transactions: 0 };
  #savepoints = 0;
  #closed = false;

  constructor(write: StatementCache, read: StatementCache | null, options: GroupCommitOptions = {}) {
    this.#write = write;
    this.#read = read;
    this.#maxMembers = options.maxMembers ?? 64;
    this.#maxWaitMs = options.maxWaitMs ?? 20;
    this.#onSettled = options.onSettled ?? (() => {});
  }

  /** COMMITs of batches so far, and the write transactions they ended (a member rolled back to its savepoint counts too). */
  get committed(): CommitCounts {
    return { ...this.#committed };
  }

  /** Whether the write connection has a holder now, and how many wait for their turn (metrics). */
  get use(): { busy: boolean; waiting: number } {
    return { busy: this.#busy, waiting: this.#waiting.length };
  }

  /** The write connection's turn: one holder at a time, in the order asked. */
  turn(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      if (this.#batch && this.#full(this.#batch)) this.#commit();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the turn to the next in line, or commits the batch once nobody else is coming. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) {
      if (this.#batch && this.#full(this.#batch)) this.#commit();
      next();
      return;
    }
    this.#busy = false;
    if (this.#batch && !this.#commitScheduled) {
      this.#commitScheduled = true;
      // After the poll phase: requests whose bytes are already here get to join this batch.
      setImmediate(() => {
        this.#commitScheduled = false;
        if (!this.#busy) this.#commit();
      });
    }
  }

  #full(batch: Batch): boolean {
    return batch.members >= this.#maxMembers || Date.now() - batch.startedAt >= this.#maxWaitMs;
  }

  #commit(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = null;
    try {
      this.#write.native.exec("COMMIT");
      this.#committed.commits += 1;
      this.#committed.transactions += batch.members;
      batch.resolve();
    } catch (err) {
      if (this.#write.native.inTransaction) this.#write.native.exec("ROLLBACK");
      batch.reject(err);
    } finally {
      this.#onSettled();
    }
  }

  /** Opens a request's transaction: waits for the turn, then a savepoint in the open batch (or a new one). */
  async begin(): Promise<Member> {
    await this.turn();
    try {
      if (this.#closed) throw new Error("The database is closed");
      if (!this.#batch) {
        this.#write.native.exec("BEGIN IMMEDIATE");
        this.#batch = newBatch();
      }
      this.#batch.members++;
      const savepoint = `vestin_write_${++this.#savepoints}`;
      this.#write.native.exec(`SAVEPOINT ${savepoint}`);
      return { savepoint, batch: this.#batch };
    } catch (err) {
      this.#abandonIfRolledBack(err);
      this.release();
      throw err;
    }
  }

  /** Ends a request's transaction: its savepoint joins the batch, and it waits for the batch's commit. */
  async commit(member: Member): Promise<void> {
    try {
      this.#write.native.exec(`RELEASE ${member.savepoint}`);
    } catch (err) {
      this.#abandonIfRolledBack(err);
      this.release();
      throw err;
    }
    this.release();
    await member.batch.done;
  }

  /** Undoes a request's transaction alone; the rest of the batch goes on. */
  async rollback(member: Member): Promise<void> {
    try {
      if (this.#batch === member.batch && this.#write.native.inTransaction) {
        this.#write.native.exec(`ROLLBACK TO ${member.savepoint}`);
        this.#write.native.exec(`RELEASE ${member.savepoint}`);
      }
    } finally {
      this.release();
    }
  }

  /** Runs one statement on the write connection; notices when an error took the whole batch with it. */
  run(query: CompiledQuery): QueryResult<unknown> {
    try {
      return execute(this.#write.prepare(query.sql), query.parameters);
    } catch (err) {
      this.#abandonIfRolledBack(err);
      throw err;
    }
  }

  /**
   * Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction: the batch's
   * members that were waiting for its commit get that error, and the next transaction starts a batch.
   */
  #abandonIfRolledBack(err: unknown): void {
    const batch = this.#batch;
    if (batch && !this.#write.native.inTransaction) {
      this.#batch = null;
      batch.reject(err);
      this.#onSettled();
    }
  }

  /** A statement outside any transaction: reads go to the read connection, writes are a batch member of one statement. */
  async autocommit(query: CompiledQuery): Promise<QueryResult<unknown>> {
    // Classified on the writer, whose schema is current: the read-only connection may not have
    // seen a table or an index created a moment ago, and preparing DDL there fails.
    const statement = this.#write.prepare(query.sql);
    if (statement.readonly) {
      if (this.#read) return execute(this.#read.prepare(query.sql), query.parameters);
      await this.turn();
      try {
        return execute(statement, query.parameters);
      } finally {
        this.release();
      }
    }
    const member = await this.begin();
    let result: QueryResult<unknown>;
    try {
      result = this.run(query);
    } catch (err) {
      await this.rollback(member);
      throw err;
    }
    await this.commit(member);
    return result;
  }

  *stream(query: CompiledQuery): Generator<QueryResult<unknown>> {
    const statement = (this.#read ?? this.#write).prepare(query.sql);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row] };
  }

  /** Commits what is open and closes both connections. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#busy) await new Promise((resolve) => setImmediate(resolve));
    this.#commit();
    this.#read?.native.close();
    this.#write.native.close();
  }
}

/** What Kysely holds between acquiring and releasing: a request's view of the writer. */
class WriterConnection implements DatabaseConnection {
  member: Member | null = null;
  readonly writer: SqliteWriter;
  constructor(writer: SqliteWriter) {
    this.writer = writer;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // One span per statement while tracing is on (its SQL text, never its parameters).
    return inSqliteSpan(query.sql, async () => {
      if (this.member) return this.writer.run(query) as QueryResult<R>;
      return (await this.writer.autocommit(query)) as QueryResult<R>;
    });
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (this.member) {
      yield this.writer.run(query) as QueryResult<R>;
      return;
    }
    for (const result of this.writer.stream(query)) yield result as QueryResult<R>;
  }
}

class GroupCommitDriver implements Driver {
  readonly writer: SqliteWriter;
  constructor(writer: SqliteWriter) {
    this.writer = writer;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new WriterConnection(this.writer);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as WriterConnection).member = await this.writer.begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const owner = connection as WriterConnection;
    const member = owner.member;
    owner.member = null;
    if (member) await this.writer.commit(member);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const owner = connection as WriterConnection;
    const member = owner.member;
    owner.member = null;
    if (member) await this.writer.rollback(member);
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.writer.close();
  }
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** SQLite's adapter, but the driver orders the connection's users itself (no Kysely-wide mutex). */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with the group-commit writer as its driver. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly writer: SqliteWriter;
  constructor(writer: SqliteWriter) {
    this.writer = writer;
  }
  createDriver(): Driver {
    return new GroupCommitDriver(this.writer);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new GroupCommitAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
