import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../config.ts";
import { createTestDatabase, testDialects } from "../../test/harness.ts";
import { migrateToLatest, openDatabase, redactUrl } from "./database.ts";
import { seedDatabase, type Seeder } from "./seed/index.ts";

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

for (const dialect of testDialects()) {
  describe(`database [${dialect}]`, () => {
    it("migrates an empty database once; running again applies nothing", async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        const first = await migrateToLatest(database);
        expect(first).toContain("0001-app-meta");
        expect(await migrateToLatest(database)).toEqual([]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });

    it("runs a seed once per version and again when its version rises", async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      let runs = 0;
      const seeder = (version: number): Seeder => ({
        name: "counter",
        version,
        async run(trx) {
          runs += 1;
          const now = new Date().toISOString();
          await trx
            .insertInto("app_meta")
            .values({ key: "counter", value: String(runs), updated_at: now })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(runs), updated_at: now }))
            .execute();
        },
      });
      try {
        await migrateToLatest(database);
        expect(await seedDatabase(database, [seeder(1)])).toEqual(["counter"]);
        expect(await seedDatabase(database, [seeder(1)])).toEqual([]);
        expect(await seedDatabase(database, [seeder(2)])).toEqual(["counter"]);
        expect(runs).toBe(2);
        // Two start-ups at the same moment seed once between them.
        await Promise.all([seedDatabase(database, [seeder(3)]), seedDatabase(database, [seeder(3)])]);
        expect(runs).toBe(3);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  });
}

describe("start-up with a broken DATABASE_URL", () => {
  const main = path.join(ROOT_DIR, "apps/server/src/main.ts");

  it("stops with a message naming the variable when PostgreSQL does not answer", () => {
    const result = spawnSync(process.execPath, [main], {
      env: { ...process.env, DATABASE_URL: "postgres://postgres:hunter2@127.0.0.1:1/nothing", PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL");
    expect(result.stderr).not.toContain("hunter2");
  });

  it("stops with a message naming the variable when the URL has an unknown scheme", () => {
    const result = spawnSync(process.execPath, [main], {
      env: { ...process.env, DATABASE_URL: "mysql://localhost/db", PORT: "0" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL: must start with "postgres:\/\/"/);
  });

  it("redacts passwords in connection strings", () => {
    expect(redactUrl("postgres://app:s3cret@db:5432/x")).toBe("postgres://app:***@db:5432/x");
  });
});
