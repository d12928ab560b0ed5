import path from "node:path";
import type { DatabaseTarget } from "../config.ts";
import type { JobQueue } from "../lib/jobs/types.ts";
import { backupFileName, pruneBackups, takeBackup } from "./backups.ts";

/**
 * Scheduled backups (BACKUP_INTERVAL_MINUTES). Time is cut into slots of the interval, counted
 * from the Unix epoch, so every server agrees on them. A backup is a job on the queue whose
 * singleton key names its slot: each server plans the next slot's job well before the slot starts
 * (while the job still waits), so on PostgreSQL, where every server shares pg-boss, the servers'
 * plans for one slot are one job, and one server takes each backup. A failed backup (pg_dump
 * refused, a full disk) is a failed job, retried with backoff.
 */
export const BACKUP_JOB = "db.backup";

/** Scheduled backups' names start with this; backups taken by hand (app-…) never do. */
export const SCHEDULED_PREFIX = "scheduled-";

export type BackupSchedule = {
  /** Adds the job of the next slot unless it is too close to plan safely (a tick earlier did); the job's id, or null. */
  plan(now?: number): Promise<string | null>;
  /** Plans now and then twice a slot, so each slot's job is planned at least half a slot ahead. */
  start(): void;
  stop(): void;
};

type Log = { info(details: object, message: string): void; error(details: object, message: string): void };

export type BackupScheduleOptions = {
  jobs: JobQueue;
  database: DatabaseTarget;
  dir: string;
  keep: number;
  intervalMs: number;
  log: Log;
};

/** The start of the slot after the one `now` is in. */
export const nextSlotStart = (now: number, intervalMs: number): number => (Math.floor(now / intervalMs) + 1) * intervalMs;

/** Defines the backup job on `jobs` (call before the queue starts) and answers its planner. */
export function scheduleBackups({ jobs, database, dir, keep, intervalMs, log }: BackupScheduleOptions): BackupSchedule {
  jobs.define<{ slot: string }>(
    BACKUP_JOB,
    async ({ slot }, job) => {
      const file = path.join(dir, backupFileName(SCHEDULED_PREFIX, database.dialect, new Date()));
      const result = await takeBackup(database, file);
      log.info({ ...result, slot, attempt: job.attempt }, "database backup written");
      const deleted = await pruneBackups(dir, SCHEDULED_PREFIX, database.dialect, keep);
      if (deleted.length > 0) log.info({ deleted, keep }, "older scheduled backups deleted");
    },
    { singleton: true, retryLimit: 4, retryDelaySeconds: 60, retryDelayMaxSeconds: 900 },
  );

  // A plan this close to its slot could meet a job another server already started (their clocks
  // differ a little), which the singleton key no longer holds back; a tick half a slot earlier planned it.
  const marginMs = Math.min(intervalMs / 4, 60_000);
  let timer: NodeJS.Timeout | undefined;

  async function plan(now = Date.now()): Promise<string | null> {
    const slot = nextSlotStart(now, intervalMs);
    if (slot - now < marginMs) return null;
    const startAfterSeconds = Math.ceil((slot - now) / 1000);
    return jobs.send(BACKUP_JOB, { slot: new Date(slot).toISOString() }, { singletonKey: `slot-${slot}`, startAfterSeconds });
  }

  const planLogged = () => plan().catch((err: unknown) => log.error({ err }, "could not plan the next scheduled backup"));

  return {
    plan,
    start() {
      void planLogged();
      timer = setInterval(() => void planLogged(), intervalMs / 2);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
