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

  it("drains 5 seconds before a shutdown in production, none elsewhere, and reads DRAIN_SECONDS", () => {
    const production = { ...base, NODE_ENV: "production", JWT_SECRET: "a-production-secret-of-at-least-32-chars" };
    expect(loadConfig(production).drainSeconds).toBe(5);
    expect(loadConfig(base).drainSeconds).toBe(0);
    expect(loadConfig({ ...production, DRAIN_SECONDS: "0" }).drainSeconds).toBe(0);
    expect(loadConfig({ ...base, DRAIN_SECONDS: "12" }).drainSeconds).toBe(12);
    expect(() => loadConfig({ ...base, DRAIN_SECONDS: "soon" })).toThrow(/DRAIN_SECONDS: must be a number of seconds/);
    expect(() => loadConfig({ ...base, DRAIN_SECONDS: "1.5" })).toThrow(/DRAIN_SECONDS: must be a whole number/);
    expect(() => loadConfig({ ...base, DRAIN_SECONDS: "301" })).toThrow(/DRAIN_SECONDS: must be between 0 and 300/);
  });

  it("schedules no backups unless BACKUP_INTERVAL_MINUTES is set, keeps 7 in DATA_DIR/backups, and validates the three", () => {
    expect(loadConfig(base).backups).toEqual({ intervalMinutes: undefined, keep: 7, dir: path.join(dataDir, "backups") });
    expect(loadConfig({ ...base, BACKUP_INTERVAL_MINUTES: "360", BACKUP_KEEP: "28", BACKUP_DIR: "/srv/backups" }).backups).toEqual({
      intervalMinutes: 360,
      keep: 28,
      dir: "/srv/backups",
    });
    expect(() => loadConfig({ ...base, BACKUP_INTERVAL_MINUTES: "hourly" })).toThrow(/BACKUP_INTERVAL_MINUTES: must be a number of minutes/);
    expect(() => loadConfig({ ...base, BACKUP_INTERVAL_MINUTES: "0" })).toThrow(/BACKUP_INTERVAL_MINUTES: must be between 1 and 10080/);
    expect(() => loadConfig({ ...base, BACKUP_INTERVAL_MINUTES: "10081" })).toThrow(/BACKUP_INTERVAL_MINUTES: must be between 1 and 10080/);
    expect(() => loadConfig({ ...base, BACKUP_INTERVAL_MINUTES: "1.5" })).toThrow(/BACKUP_INTERVAL_MINUTES: must be a whole number/);
    expect(() => loadConfig({ ...base, BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must be between 1 and 1000/);
    expect(() => loadConfig({ ...base, BACKUP_KEEP: "all" })).toThrow(/BACKUP_KEEP: must be a number of backups/);
    expect(() => loadConfig({ ...base, DATABASE_URL: "sqlite::memory:", BACKUP_INTERVAL_MINUTES: "60" })).toThrow(
      /BACKUP_INTERVAL_MINUTES: an in-memory database/,
    );
  });

  it("reads PostgreSQL and sqlite: URLs from DATABASE_URL", () => {
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://u:p@db:5432/app" }).database).toEqual({
      dialect: "postgres",
      url: "postgres://u:p@db:5432/app",
      poolSize: 10,
    });
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://db/app", DATABASE_POOL_SIZE: "24" }).database).toMatchObject({ poolSize: 24 });
    expect(loadConfig({ ...base, DATABASE_URL: "sqlite:/tmp/x.db" }).database).toEqual({ dialect: "sqlite", file: "/tmp/x.db" });
  });

  it("keeps the generated signing secret across loads", () => {
    expect(loadConfig(base).jwtSecret).toBe(loadConfig(base).jwtSecret);
    expect(loadConfig(base).jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ RATE_LIMITS: "maybe" }, "RATE_LIMITS"],
    [{ NODE_ENV: "production" }, "JWT_SECRET"],
    [{ FORM_GUARD: "no" }, "FORM_GUARD"],
    [{ CHALLENGE_PROVIDER: "recaptcha" }, "CHALLENGE_PROVIDER"],
    [{ CHALLENGE_PROVIDER: "turnstile", CHALLENGE_SECRET: "s" }, "CHALLENGE_SITE_KEY"],
    [{ CHALLENGE_PROVIDER: "hcaptcha", CHALLENGE_SITE_KEY: "k" }, "CHALLENGE_SECRET"],
    [{ CHALLENGE_PROVIDER: "turnstile", CHALLENGE_SITE_KEY: "k", CHALLENGE_SECRET: "s", CHALLENGE_VERIFY_URL: "ftp://x" }, "CHALLENGE_VERIFY_URL"],
  ])("refuses %o with a message naming %s", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(variable));
  });

  it("leaves /metrics off without METRICS_TOKEN and refuses a short one without echoing it", () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: "s3cret-scrape-token" }).metricsToken).toBe("s3cret-scrape-token");
    const short = "fifteen-chars!!";
    expect(() => loadConfig({ ...base, METRICS_TOKEN: short })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: short })).not.toThrow(new RegExp(short));
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "two words of scrape token" })).toThrow(/METRICS_TOKEN: must not contain spaces/);
  });

  it("leaves the challenge off by default and points it at the provider's siteverify endpoint when set", () => {
    expect(loadConfig(base).challenge).toBeUndefined();
    expect(loadConfig({ ...base, FORM_GUARD: "off" }).formGuard).toBe(false);
    expect(loadConfig({ ...base, CHALLENGE_PROVIDER: "turnstile", CHALLENGE_SITE_KEY: "site", CHALLENGE_SECRET: "secret" }).challenge).toEqual({
      provider: "turnstile",
      siteKey: "site",
      secret: "secret",
      verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    });
    expect(
      loadConfig({
        ...base,
        CHALLENGE_PROVIDER: "hcaptcha",
        CHALLENGE_SITE_KEY: "site",
        CHALLENGE_SECRET: "secret",
        CHALLENGE_VERIFY_URL: "http://127.0.0.1:9/verify",
      }).challenge,
    ).toMatchObject({
      provider: "hcaptcha",
      verifyUrl: "http://127.0.0.1:9/verify",
    });
  });

  it("reads NOTIFY_EMAILS for every form or per form, and names what is wrong", () => {
    const none = loadConfig(base).notifyEmails;
    expect(Object.values(none).every((list) => list.length === 0)).toBe(true);
    const all = loadConfig({ ...base, NOTIFY_EMAILS: "Team@Vestin.io" }).notifyEmails;
    expect(all).toEqual({
      "contact.submitted": ["team@vestin.io"],
      "partnership.submitted": ["team@vestin.io"],
      "presale.registered": ["team@vestin.io"],
      "waitlist.joined": ["team@vestin.io"],
      "airdrop.claimed": ["team@vestin.io"],
    });
    const split = loadConfig({ ...base, NOTIFY_EMAILS: "contact=sales@vestin.io, ops@vestin.io; partnership=bd@vestin.io;claim=ops@vestin.io" }).notifyEmails;
    expect(split["contact.submitted"]).toEqual(["sales@vestin.io", "ops@vestin.io"]);
    expect(split["partnership.submitted"]).toEqual(["bd@vestin.io"]);
    expect(split["airdrop.claimed"]).toEqual(["ops@vestin.io"]);
    expect(split["presale.registered"]).toEqual([]);
    expect(() => loadConfig({ ...base, NOTIFY_EMAILS: "newsletter=ops@vestin.io" })).toThrow(/NOTIFY_EMAILS: "newsletter" is not a form/);
    expect(() => loadConfig({ ...base, NOTIFY_EMAILS: "contact=not-an-address" })).toThrow(/NOTIFY_EMAILS: "not-an-address" is not an e-mail address/);
    expect(() => loadConfig({ ...base, NOTIFY_EMAILS: "contact=" })).toThrow(ConfigError);
  });
});
