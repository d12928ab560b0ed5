/**
 * Loaded into the server process by the bench (`node --import ./bench/count-statements.ts`), never
 * by `npm start`: counts from outside the server's code what each request asks of the database.
 * It wraps the drivers the server uses (better-sqlite3's statements, node-postgres's Client.query
 * and Pool.connect, the PostgreSQL driver's acquireConnection, the SQLite writer's turn) and runs
 * each HTTP request in an async context, so a statement is put down to the request that issued
 * it, or to the background (jobs, the change feed) when no request did. On SIGUSR2 it writes its totals as JSON to
 * BENCH_COUNT_FILE and starts again from zero.
 * On node-postgres a round trip is a write to the connection's socket: statements held in its
 * buffer (a transaction's BEGIN, answered early by the server) leave in one write with the next
 * statement; SQLite runs in the process.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import SQLite from "better-sqlite3";
import { PostgresDriver } from "kysely";
import pg from "pg";
import { SqliteWriter } from "../apps/server/src/db/sqlite-group-commit.ts";

export type Tally = {
  statements: number;
  byKind: Record<string, number>;
  /** Each statement's text (its first 120 characters): how often it ran and the milliseconds it took. */
  byText: Record<string, { n: number; ms: number }>;
  statementMs: number;
  /** PostgreSQL: writes of statements to the connection, each followed by a wait for answers. */
  roundTrips: number;
  connectionWaits: number;
  connectionWaitMs: number;
};
const fresh = (): Tally => ({ statements: 0, byKind: {}, byText: {}, statementMs: 0, roundTrips: 0, connectionWaits: 0, connectionWaitMs: 0 });
let totals = { requests: 0, request: fresh(), background: fresh() };
const inRequest = new AsyncLocalStorage<true>();

function tally(): Tally {
  return inRequest.getStore() ? totals.request : totals.background;
}

/** The statement's first word: select, insert, begin, commit… */
function kindOf(text: string): string {
  return /^\s*\(?\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? "other";
}

function note(t: Tally, text: string, started: number): void {
  const ms = performance.now() - started;
  t.statements += 1;
  const kind = kindOf(text);
  t.byKind[kind] = (t.byKind[kind] ?? 0) + 1;
  t.statementMs += ms;
  // A savepoint's name is a counter: its statements are counted as one text, whatever the number.
  const key = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^((?:SAVEPOINT|RELEASE|ROLLBACK TO)(?: SAVEPOINT)?) (\w+?)_\d+$/i, "$1 $2_…")
    .slice(0, 120);
  const entry = t.byText[key] ?? { n: 0, ms: 0 };
  entry.n += 1;
  entry.ms += ms;
  t.byText[key] = entry;
}

function noteStatement(text: string, started: number): void {
  note(tally(), text, started);
}

// Every request in its own async context.
const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event !== "request") return emit.call(this, event, ...args);
  const req = args[0] as http.IncomingMessage;
  if (!req.url?.startsWith("/__bench") && req.url !== "/api/v1/health") totals.requests += 1;
  return inRequest.run(true, () => emit.call(this, event, ...args));
} as typeof http.Server.prototype.emit;

// better-sqlite3: the statement methods that execute (prepare only compiles).
const probe = new SQLite(":memory:");
const statementProto = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
for (const method of ["run", "get", "all", "iterate"] as const) {
  const original = statementProto[method]!;
  statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      noteStatement(this.source, started);
    }
  };
}
const databaseProto = SQLite.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
const exec = databaseProto.exec!;
databaseProto.exec = function (this: unknown, text: unknown) {
  const started = performance.now();
  try {
    return exec.call(this, text);
  } finally {
    noteStatement(String(text), started);
  }
};

// node-postgres: each Client.query is a statement; each write to a client's socket a round trip.
const postgresSockets = new WeakSet<object>();
const clientQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
  const started = performance.now();
  const socket = (this as unknown as { connection?: { stream?: object } }).connection?.stream;
  if (socket) postgresSockets.add(socket);
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) {
    const t = tally();
    const done = () => note(t, text, started);
    result.then(done, done);
  } else noteStatement(text, started);
  return result;
} as typeof pg.Client.prototype.query;

const socketProto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (this: net.Socket, ...a: unknown[]) => unknown>;
for (const method of ["_write", "_writev"] as const) {
  const write = socketProto[method];
  socketProto[method] = function (this: net.Socket, ...a: unknown[]) {
    if (postgresSockets.has(this)) tally().roundTrips += 1;
    return write.apply(this, a);
  };
}

// Waits for a connection: the pool on PostgreSQL, the write connection's turn on SQLite.
function timeWaits(proto: Record<string, unknown>, method: string): void {
  const wait = proto[method] as (this: unknown) => Promise<unknown>;
  proto[method] = async function (this: unknown) {
    const t = tally();
    const started = performance.now();
    try {
      return await wait.call(this);
    } finally {
      t.connectionWaits += 1;
      t.connectionWaitMs += performance.now() - started;
    }
  };
}
timeWaits(PostgresDriver.prototype as never, "acquireConnection");
timeWaits(SqliteWriter.prototype as never, "turn");

process.on("SIGUSR2", () => {
  const file = process.env.BENCH_COUNT_FILE;
  if (file) writeFileSync(file, JSON.stringify(totals));
  totals = { requests: 0, request: fresh(), background: fresh() };
});
