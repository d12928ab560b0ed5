import fp from "fastify-plugin";
import { scheduleBackups } from "../db/backup-schedule.ts";

/**
 * Scheduled database backups (BACKUP_INTERVAL_MINUTES; off when unset): defines the backup job on
 * the queue while the app is built, and plans each slot's backup once the app is ready.
 */
export const backupsPlugin = fp(
  async (app) => {
    const { intervalMinutes, keep, dir } = app.config.backups;
    if (intervalMinutes === undefined) return;
    const schedule = scheduleBackups({ jobs: app.jobs, database: app.config.database, dir, keep, intervalMs: intervalMinutes * 60_000, log: app.log });
    app.addHook("onReady", async () => schedule.start());
    app.addHook("onClose", async () => schedule.stop());
  },
  { name: "backups", dependencies: ["config", "jobs"] },
);
