import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";

describe("access log", () => {
  it("writes one line per answer, after it has left, with method, address, status and time", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ ...process.env, DATABASE_URL: "sqlite::memory:", JWT_SECRET: "access-log-secret-access-log-secret-0123", NODE_ENV: "test" });
    const database = await openDatabase(config.database);
    // As every server starts: the app's start-up jobs (image variants' backfill, due schedules) need the tables.
    await migrateToLatest(database);
    const app = await buildApp({ config, database, logger: { level: "info", stream } });
    try {
      await app.inject({ url: "/api/v1/health" });
      await app.inject({ url: "/api/v1/nothing-here" });
      const access = lines.filter((l) => l.msg === "request completed");
      expect(lines).toHaveLength(2);
      expect(access.map((l) => [l.method, l.url, l.statusCode])).toEqual([
        ["GET", "/api/v1/health", 200],
        ["GET", "/api/v1/nothing-here", 404],
      ]);
      expect(typeof access[0]?.ms).toBe("number");
    } finally {
      await app.close();
      await database.close();
    }
  });
});
