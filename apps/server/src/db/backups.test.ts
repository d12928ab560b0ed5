import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, startTestApp, testDialects } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import type { DatabaseTarget } from "../config.ts";
import { createJobQueue } from "../lib/jobs/index.ts";
import type { JobQueue } from "../lib/jobs/types.ts";
import { BACKUP_JOB, nextSlotStart, SCHEDULED_PREFIX, scheduleBackups } from "./backup-schedule.ts";
import { backupFileName, pruneBackups, restoreBackup, takeBackup } from "./backups.ts";
import { migrateToLatest, openDatabase } from "./database.ts";

/*
 * Backups: retention deletes only the scheduler's own older files, the scheduled job writes a file
 * that restores into a fresh database with the rows acknowledged before it, the servers' plans for
 * one slot are one job, and a failed backup leaves no file behind.
 */

const targetOf = (url: string): DatabaseTarget =>
  url.startsWith("sqlite:") ? { dialect: "sqlite", file: url.slice("sqlite:".length) } : { dialect: "postgres", url };

const silentLog = { info() {}, error() {} };

describe("backups", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-backups-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it("keeps the newest N scheduled backups and deletes only its own older files", async () => {
    const dir = tempDir();
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3, 0, 0, 0));
    const scheduled = [1, 2, 3, 4, 5].map((n) => backupFileName(SCHEDULED_PREFIX, "postgres", day(n)));
    const others = [
      backupFileName("app-", "postgres", day(1)), // taken by hand
      backupFileName(SCHEDULED_PREFIX, "sqlite", day(1)), // another dialect's extension
      `${backupFileName(SCHEDULED_PREFIX, "postgres", day(1))}.partial-0a1b2c3d`, // being written (new)
      "scheduled-notes.dump",
      "README.txt",
    ];
    // Left two days ago by backups that died: the scheduler's own is deleted, one taken by hand is not.
    const abandoned = `${backupFileName(SCHEDULED_PREFIX, "postgres", day(2))}.partial-99aa88bb`;
    const abandonedByHand = `${backupFileName("app-", "postgres", day(2))}.partial-99aa88bb`;
    others.push(abandonedByHand);
    for (const name of [...scheduled, ...others, abandoned]) writeFileSync(path.join(dir, name), "x");
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const name of [abandoned, abandonedByHand]) utimesSync(path.join(dir, name), twoDaysAgo, twoDaysAgo);
    mkdirSync(path.join(dir, backupFileName(SCHEDULED_PREFIX, "postgres", day(0))));

    const deleted = await pruneBackups(dir, SCHEDULED_PREFIX, "postgres", 2);

    expect(deleted).toEqual([...scheduled.slice(0, 3), abandoned]);
    expect(readdirSync(dir).sort()).toEqual([...scheduled.slice(3), ...others, backupFileName(SCHEDULED_PREFIX, "postgres", day(0))].sort());
    expect(await pruneBackups(dir, SCHEDULED_PREFIX, "postgres", 2)).toEqual([]);
    expect(await pruneBackups(path.join(dir, "missing"), SCHEDULED_PREFIX, "postgres", 2)).toEqual([]);
  });

  it("plans each slot ahead of its start, never a slot about to begin", () => {
    expect(nextSlotStart(0, 60_000)).toBe(60_000);
    expect(nextSlotStart(59_999, 60_000)).toBe(60_000);
    expect(nextSlotStart(60_000, 60_000)).toBe(120_000);
  });

  it("leaves no file when the backup fails, and names no password in the error", async () => {
    const dir = tempDir();
    await expect(takeBackup({ dialect: "sqlite", file: path.join(dir, "absent.db") }, path.join(dir, "out.db"))).rejects.toThrow(/No database at/);
    const refused = takeBackup({ dialect: "postgres", url: "postgres://nobody:hunter2-secret@127.0.0.1:1/none" }, path.join(dir, "out.dump"));
    await expect(refused).rejects.toThrow(/pg_dump failed/);
    await expect(refused).rejects.not.toThrow(/hunter2-secret/);
    expect(readdirSync(dir)).toEqual([]);
  });

  for (const dialect of testDialects()) {
    it(`the scheduled job writes a backup that restores into a fresh database, and prunes to BACKUP_KEEP [${dialect}]`, { timeout: 90_000 }, async () => {
      const dir = tempDir();
      // The old scheduled backups the job's retention should delete (their content is never read).
      const old = [1, 2].map((n) => backupFileName(SCHEDULED_PREFIX, dialect, new Date(Date.UTC(2026, 0, n))));
      const byHand = backupFileName("app-", dialect, new Date(Date.UTC(2026, 0, 1)));
      for (const name of [...old, byHand]) writeFileSync(path.join(dir, name), "x");

      // A week's interval: the slot the app plans at start-up is days away and never runs here.
      const t = await startTestApp(dialect, { env: { BACKUP_INTERVAL_MINUTES: "10080", BACKUP_KEEP: "2", BACKUP_DIR: dir } });
      cleanups.push(() => t.close());
      const emails = Array.from({ length: 5 }, (_, i) => `backup.${i}.${Date.now()}@example.com`);
      for (const email of emails) {
        const res = await t.app.inject({ method: "POST", url: "/api/v1/contacts", payload: { firstName: "Back", lastName: "Up", email, confirmEmail: email } });
        expect(res.statusCode).toBe(201);
      }

      await t.app.jobs.send(BACKUP_JOB, { slot: new Date().toISOString() });
      await until("the backup", () => readdirSync(dir).some((name) => name.startsWith(SCHEDULED_PREFIX) && !old.includes(name)));
      await t.app.jobs.idle(30_000);

      const taken = readdirSync(dir).filter((name) => name.startsWith(SCHEDULED_PREFIX) && !old.includes(name));
      expect(taken).toHaveLength(1);
      expect(statSync(path.join(dir, taken[0] ?? "")).mode & 0o777).toBe(0o600);
      expect(readdirSync(dir).sort()).toEqual([old[1], byHand, taken[0]].sort());

      const fresh = await createTestDatabase(dialect);
      cleanups.push(() => fresh.dispose());
      await restoreBackup(targetOf(fresh.url), path.join(dir, taken[0] ?? ""));
      const restored = await openDatabase(targetOf(fresh.url));
      cleanups.push(() => restored.close());
      const rows = await restored.db.selectFrom("contacts").select("email").where("email", "in", emails).execute();
      expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
      // The restored database is a whole one: nothing left to migrate.
      await migrateToLatest(restored);
    });

    it(`two servers' plans for one slot are one backup [${dialect}]`, { timeout: 60_000 }, async () => {
      const dir = tempDir();
      const testDb = await createTestDatabase(dialect);
      const target = targetOf(testDb.url);
      const database = await openDatabase(target);
      await migrateToLatest(database);
      cleanups.push(async () => {
        await database.close();
        await testDb.dispose();
      });
      const taken: object[] = [];
      const log = { ...silentLog, info: (details: object, message: string) => message === "database backup written" && taken.push(details) };
      const server = (): JobQueue => createJobQueue({ database: target }, database, silentLog);
      // On PostgreSQL two servers share pg-boss; on SQLite one server owns the file, so both plans go through its queue.
      const queues = dialect === "postgres" ? [server(), server()] : [server()];
      const schedules = [0, 1].map((i) =>
        scheduleBackups({ jobs: queues[i % queues.length] as JobQueue, database: target, dir, keep: 5, intervalMs: 3000, log }),
      );
      for (const queue of queues) {
        await queue.start();
        cleanups.push(() => queue.stop());
      }

      // Plan until the next slot is far enough ahead to be planned (at least 750 ms).
      let ids: Array<string | null> = [null, null];
      await until("the backup", async () => {
        ids = [];
        for (const schedule of schedules) ids.push(await schedule.plan());
        return ids.some((id) => id !== null);
      });
      expect(ids.filter((id) => id !== null)).toHaveLength(1);

      await until("the backup", () => taken.length > 0);
      await Promise.all(queues.map((queue) => queue.idle(30_000)));
      expect(taken).toHaveLength(1);
      expect(taken[0]).toMatchObject({ bytes: expect.any(Number), ms: expect.any(Number), file: expect.stringContaining(dir) });
      expect(readdirSync(dir).filter((name) => name.startsWith(SCHEDULED_PREFIX))).toHaveLength(1);
    });
  }
});
