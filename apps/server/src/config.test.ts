import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-config-"));
const base = { DATA_DIR: dataDir };

describe("configuration", () => {
  it("defaults to SQLite in data/, port 3000 and a PUBLIC_URL on that port", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database).toEqual({ dialect: "sqlite", file: path.join(dataDir, "app.db") });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.rateLimits).toBe(true);
    expect(config.formGuard).toBe(true);
    expect(config.google).toBeUndefined();
  });

  it("reads PostgreSQL and sqlite: URLs from DATABASE_URL", () => {
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://u:p@db:5432/app" }).database).toEqual({
      dialect: "postgres",
      url: "postgres://u:p@db:5432/app",
    });
    expect(loadConfig({ ...base, DATABASE_URL: "sqlite:/tmp/x.db" }).database).toEqual({ dialect: "sqlite", file: "/tmp/x.db" });
  });

  it("keeps the generated signing secret across loads", () => {
    expect(loadConfig(base).jwtSecret).toBe(loadConfig(base).jwtSecret);
    expect(loadConfig(base).jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ RATE_LIMITS: "maybe" }, "RATE_LIMITS"],
    [{ NODE_ENV: "production" }, "JWT_SECRET"],
  ])("refuses %o with a message naming %s", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(variable));
  });
});
