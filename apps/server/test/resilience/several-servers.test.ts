import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { migrationProvider } from "../../src/db/migrations/index.ts";
import { prepareDatabase } from "../../src/db/prepare.ts";
import { SEEDERS } from "../../src/db/seed/seeders.ts";
import { LIMITS } from "../../src/lib/rate-limit.ts";
import { createTestDatabase, type TestDatabase } from "../harness.ts";
import { describeWith, redisUrl } from "./support/environment.ts";
import { request } from "./support/http.ts";
import { logLines, startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * Several servers behind one address, sharing one PostgreSQL database and one Redis (REDIS_URL):
 * started at the same moment on an empty database they migrate and seed once between them; a
 * token revoked on one is refused by the other; the rate limits count across both.
 */

/** A Redis database index of its own, and a client address of its own per run (X-Forwarded-For
 * from loopback is believed), so no other test's counters can meet these. */
const REDIS_DB = 9;

function sharedRedisUrl(): string {
  const url = new URL(redisUrl());
  if (url.pathname === "" || url.pathname === "/") url.pathname = `/${REDIS_DB}`;
  return url.toString();
}

const clientAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

/** Rows per seeded table, to compare a database seeded by racing servers with one seeded alone. */
async function seededCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["articles", "courses", "lessons", "sprints", "sprint_leaderboard", "app_meta"] as const) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function startUpLogs(server: ServerProcess) {
  const lines = logLines(server.output());
  return {
    migrated: lines.filter((l) => l.msg === "database migrated").flatMap((l) => l.migrations as string[]),
    seeded: lines.filter((l) => l.msg === "database seeded").flatMap((l) => l.seeds as string[]),
  };
}

describeWith({ postgres: true, redis: true }, "two servers on one PostgreSQL and one Redis", () => {
  let testDb: TestDatabase;
  const dataDirs: Array<{ remove(): void }> = [];
  let a: ServerProcess;
  let b: ServerProcess;
  const addresses: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    const env = () => {
      const data = tempDataDir();
      dataDirs.push(data);
      // LOG_LEVEL=info: each server logs which migrations and seeds it ran.
      return { DATABASE_URL: testDb.url, DATA_DIR: data.dir, REDIS_URL: sharedRedisUrl(), RATE_LIMITS: "on", LOG_LEVEL: "info" };
    };
    // Both at the same moment, on an empty database.
    [a, b] = await Promise.all([startServer({ env: env() }), startServer({ env: env() })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (addresses.length) {
      const redis = new Redis(sharedRedisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        for (const address of addresses) {
          const keys = await redis.keys(`vestin:rl:*${address}*`);
          if (keys.length) await redis.del(...keys);
        }
      } finally {
        redis.disconnect();
      }
    }
    await testDb?.dispose();
    for (const data of dataDirs) data.remove();
  });

  it("migrate and seed once between them, and both come up healthy", async () => {
    for (const server of [a, b]) {
      const health = await request(server.url, "/api/v1/health");
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: "ok", db: "ok" });
    }
    // One server ran every migration and every seed; the other waited for the lock and found none to run.
    const migrationNames = Object.keys(await migrationProvider({ dialect: "postgres" }).getMigrations()).sort();
    const logs = [startUpLogs(a), startUpLogs(b)];
    expect(logs.map((l) => l.migrated.length).sort((x, y) => x - y)).toEqual([0, migrationNames.length]);
    expect(logs.map((l) => l.seeded.length).sort((x, y) => x - y)).toEqual([0, SEEDERS.length]);

    const database = await openDatabase({ dialect: "postgres", url: testDb.url });
    const referenceDir = mkdtempSync(path.join(os.tmpdir(), "vestin-reference-"));
    const reference = await openDatabase({ dialect: "sqlite", file: path.join(referenceDir, "app.db") });
    try {
      const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(migrations.rows.map((r) => r.name)).toEqual(migrationNames);
      const seeds = await database.db.selectFrom("app_meta").select(["key", "value"]).where("key", "like", "seed:%").orderBy("key").execute();
      expect(seeds).toEqual(SEEDERS.map((s) => ({ key: `seed:${s.name}`, value: String(s.version) })).sort((x, y) => x.key.localeCompare(y.key)));
      // The same rows as a database that one process migrated and seeded alone.
      await prepareDatabase(reference, SEEDERS);
      expect(await seededCounts(database)).toEqual(await seededCounts(reference));
    } finally {
      await database.close();
      await reference.close();
      rmSync(referenceDir, { recursive: true, force: true });
    }
  });

  it("a token signed out on one server is refused by the other; the user's other sessions stay", async () => {
    const address = clientAddress();
    addresses.push(address);
    const headers = { "x-forwarded-for": address };
    const email = `two.servers.${Date.now()}@example.com`;
    const registered = await request(a.url, "/api/v1/auth/register", {
      headers,
      body: { firstName: "Two", lastName: "Servers", email, password: "correct horse battery" },
    });
    expect(registered.status).toBe(201);
    const first = registered.body.data.token as string;
    const signedIn = await request(b.url, "/api/v1/auth/login", { headers, body: { email, password: "correct horse battery" } });
    expect(signedIn.status).toBe(200);
    const second = signedIn.body.data.token as string;

    expect((await request(b.url, "/api/v1/auth/verify", { token: first })).status).toBe(200);
    const logout = await request(a.url, "/api/v1/auth/logout", { method: "POST", token: first });
    expect(logout.status).toBe(200);
    for (const server of [b, a]) {
      const refused = await request(server.url, "/api/v1/auth/verify", { token: first });
      expect(refused.status).toBe(401);
      expect(refused.body.success).toBe(false);
      expect((await request(server.url, "/api/v1/auth/verify", { token: second })).status).toBe(200);
    }
  });

  it("failed sign-ins count across both servers: alternating between them still hits the limit", async () => {
    const address = clientAddress();
    addresses.push(address);
    const headers = { "x-forwarded-for": address };
    const body = { email: `limit.${Date.now()}@example.com`, password: "not the password" };
    const max = LIMITS.failedLogin.max;
    for (let attempt = 0; attempt < max; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      expect((await request(server.url, "/api/v1/auth/login", { headers, body })).status).toBe(401);
    }
    for (const server of [a, b]) {
      const limited = await request(server.url, "/api/v1/auth/login", { headers, body });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.tooManyRequests });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("a lead form's hourly limit counts across both servers", async () => {
    const address = clientAddress();
    addresses.push(address);
    const headers = { "x-forwarded-for": address };
    const stamp = Date.now();
    const max = LIMITS.leadForm.max;
    for (let n = 0; n < max; n++) {
      const server = n % 2 === 0 ? a : b;
      const res = await request(server.url, "/api/v1/testnet-signup", { headers, body: { username: "Limit Tester", email: `wait.${n}.${stamp}@example.com` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    for (const server of [b, a]) {
      const limited = await request(server.url, "/api/v1/testnet-signup", {
        headers,
        body: { username: "Limit Tester", email: `wait.over.${stamp}@example.com` },
      });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(MESSAGES.tooManyRequests);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
  });
});

describeWith({}, "two servers starting at once on one SQLite file", () => {
  it("migrate and seed once between them, and both come up healthy", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-two-sqlite-"));
    const file = path.join(dir, "app.db");
    const env = { DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir, LOG_LEVEL: "info" };
    let servers: ServerProcess[] = [];
    try {
      servers = await Promise.all([startServer({ env }), startServer({ env })]);
      const logs = servers.map(startUpLogs);
      const migrationNames = Object.keys(await migrationProvider({ dialect: "sqlite" }).getMigrations());
      expect(logs.map((l) => l.migrated.length).sort((x, y) => x - y)).toEqual([0, migrationNames.length]);
      expect(logs.map((l) => l.seeded.length).sort((x, y) => x - y)).toEqual([0, SEEDERS.length]);
      for (const server of servers) expect((await request(server.url, "/api/v1/health")).status).toBe(200);
      const database = await openDatabase({ dialect: "sqlite", file });
      try {
        const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(database.db);
        expect(Number(migrations.rows[0]?.n)).toBe(migrationNames.length);
      } finally {
        await database.close();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
