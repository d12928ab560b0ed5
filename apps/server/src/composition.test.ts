import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/harness.ts";
import { FEATURE_PLUGINS, INFRASTRUCTURE_PLUGINS } from "./app.ts";
import { loadConfig, type Config } from "./config.ts";
import { migrateToLatest, openDatabase, type Database } from "./db/database.ts";
import { configPlugin } from "./plugins/config.ts";
import { databasePlugin } from "./plugins/database.ts";

/** What fastify-plugin records of a plugin: its name and the plugins it depends on. */
function meta(plugin: FastifyPluginAsync): { name: string; dependencies: string[] } {
  const recorded = (plugin as unknown as Record<symbol, { name: string; dependencies?: string[] }>)[Symbol.for("plugin-meta")];
  if (!recorded) throw new Error("not a named plugin");
  return { name: recorded.name, dependencies: recorded.dependencies ?? [] };
}

describe("the app's composition: plugins that name what they need", () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let config: Config;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase("sqlite");
    dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-data-"));
    config = loadConfig({ NODE_ENV: "test", DATABASE_URL: testDb.url, DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent" });
    database = await openDatabase(config.database);
    await migrateToLatest(database);
  });

  afterAll(async () => {
    await database.close();
    await testDb.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts an app with these plugins, in this order, after the config and database; the start's error, if any. */
  async function startWith(plugins: readonly FastifyPluginAsync[]): Promise<Error | undefined> {
    const app = Fastify({ logger: false });
    app.register(configPlugin, { config });
    app.register(databasePlugin, { database });
    for (const plugin of plugins) app.register(plugin);
    try {
      await app.ready();
      return undefined;
    } catch (err) {
      return err as Error;
    } finally {
      await app.close();
    }
  }

  it("starts with the plugins in app.ts's order", async () => {
    expect(await startWith([...INFRASTRUCTURE_PLUGINS, ...FEATURE_PLUGINS])).toBeUndefined();
  });

  it("refuses to start a feature without one of the plugins it depends on, and names it", async () => {
    const withoutTwoFactor = FEATURE_PLUGINS.filter((plugin) => meta(plugin).name !== "two-factor");
    const error = await startWith([...INFRASTRUCTURE_PLUGINS, ...withoutTwoFactor]);
    expect(error?.message).toBe("The dependency 'two-factor' of plugin 'accounts' is not registered");
  });

  it("refuses to start when a plugin comes before one it depends on, so app.ts's order has no forward reference", async () => {
    const plugins = [...INFRASTRUCTURE_PLUGINS, ...FEATURE_PLUGINS];
    let moved = 0;
    for (const plugin of plugins) {
      const { name, dependencies } = meta(plugin);
      const first = dependencies.find((dependency) => dependency !== "config" && dependency !== "database");
      if (!first) continue;
      // The plugin straight after the config and database, every other one after it.
      const error = await startWith([plugin, ...plugins.filter((other) => other !== plugin)]);
      expect(error?.message).toBe(`The dependency '${first}' of plugin '${name}' is not registered`);
      moved++;
    }
    // Not a vacuous pass: most plugins need more than the config and database.
    expect(moved).toBeGreaterThanOrEqual(12);
  });
});
