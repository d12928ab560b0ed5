import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { migrateToLatest, openDatabase, type Database } from "../src/db/database.ts";
import { seedDatabase, type Seeder } from "../src/db/seed/index.ts";
import { SEEDERS } from "../src/db/seed/seeders.ts";

export type DialectName = "sqlite" | "postgres";

/** The dialects this run covers (see global-setup.ts). */
export function testDialects(): DialectName[] {
  return inject("postgresUrl") ? ["sqlite", "postgres"] : ["sqlite"];
}

export type TestDatabase = { url: string; dispose(): Promise<void> };

/** A fresh, empty database of the given dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-test-"));
    return { url: `sqlite:${path.join(dir, "app.db")}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject("postgresUrl");
  const name = `vestin_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestContext = {
  dialect: DialectName;
  app: FastifyInstance;
  database: Database;
  config: Config;
  databaseUrl: string;
};

type Options = {
  /** Extra environment; a function is read when the app starts (after file-level beforeAll hooks). */
  env?: Record<string, string> | (() => Record<string, string>);
  seeders?: readonly Seeder[];
  /** Adds test-only routes or hooks before the app starts. */
  prepare?: (app: FastifyInstance) => void;
  /** The app's logger (none by default): a suite about the logs passes a stream of its own. */
  logger?: FastifyServerOptions["logger"];
};

/** Builds the API (no web app) on a fresh, migrated and seeded database. */
export async function startTestApp(dialect: DialectName, options: Options = {}): Promise<TestContext & { close(): Promise<void> }> {
  const testDb = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    LOG_LEVEL: "silent",
    // Suites about other behaviour submit forms without form tokens; the form guard's own suites
    // pass FORM_GUARD: "on".
    FORM_GUARD: "off",
    ...(typeof options.env === "function" ? options.env() : options.env),
  });
  const database = await openDatabase(config.database);
  await migrateToLatest(database);
  await seedDatabase(database, options.seeders ?? SEEDERS);
  const app = await buildApp({ config, database, web: "none", logger: options.logger ?? false });
  options.prepare?.(app);
  await app.ready();
  return {
    dialect,
    app,
    database,
    config,
    databaseUrl: testDb.url,
    async close() {
      await app.close();
      await database.close();
      await testDb.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per database dialect, each with its own fresh app:
 * `describeEachDatabase("blog", (t) => { it("…", async () => t().app.inject(…)) })`.
 */
export function describeEachDatabase(name: string, suite: (ctx: () => TestContext) => void, options: Options = {}) {
  for (const dialect of testDialects()) {
    describe(`${name} [${dialect}]`, () => {
      let ctx: (TestContext & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        ctx = await startTestApp(dialect, options);
      });
      afterAll(async () => {
        await ctx?.close();
      });
      suite(() => {
        if (!ctx) throw new Error("test app not started");
        return ctx;
      });
    });
  }
}
