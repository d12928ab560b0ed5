import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { DatabaseTarget } from "../config.ts";
import { migrationProvider } from "./migrations/index.ts";
import type { DB } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  /** True when the database answers a trivial query within a second. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export class DatabaseConnectError extends Error {
  override name = "DatabaseConnectError";
}

/** Hides the password of a connection string before it reaches a log or an error message. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, "//$1:***@");
}

/** Opens the database DATABASE_URL names and proves it answers; failure names the variable. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.dialect === "sqlite" ? openSqlite(target.file) : openPostgres(target.url);
}

function openSqlite(file: string): Database {
  let native: SQLite.Database;
  try {
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    native = new SQLite(file);
    native.pragma("journal_mode = WAL");
    native.pragma("foreign_keys = ON");
    native.pragma("busy_timeout = 5000");
    // FULL: a write the API acknowledged survives a crash or a power cut, not only a process kill.
    native.pragma("synchronous = FULL");
  } catch (err) {
    throw new DatabaseConnectError(`Could not open the SQLite database at ${file} (DATABASE_URL): ${(err as Error).message}`);
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(native) }) });
  return {
    db,
    dialect: "sqlite",
    async ping() {
      try {
        native.prepare("select 1").get();
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * Kysely prepares a new statement for every query; on SQLite preparing is a large share of a
 * request's work, so prepared statements are kept (least recently used out) and reused.
 */
function withStatementCache(native: SQLite.Database, max = 1000) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => native.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        statements.delete(sqlText);
      } else {
        statement = native.prepare(sqlText);
        if (statements.size >= max) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A statement that hangs (database gone mid-query) fails instead of holding a socket forever.
    query_timeout: 15_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseConnectError(
      `Could not connect to PostgreSQL at ${redactUrl(url)} (DATABASE_URL): ${(err as Error).message || String(err)}`,
    );
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    async ping() {
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 1_000).unref()),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/** Applies every pending migration; on PostgreSQL Kysely holds an advisory lock so two servers starting together migrate once. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Migrations are additive and independent; a database that already ran a later one can still
  // take an earlier one that landed after it (features are developed in parallel).
  const migrator = new Migrator({ db: database.db, provider: migrationProvider({ dialect: database.dialect }), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
