import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config.ts";
import { backupFileName, restoreBackup, takeBackup } from "./backups.ts";

/**
 * npm run db:backup [-- file]   a consistent snapshot while the server runs: SQLite's online
 *                               backup API, or pg_dump (custom format) on PostgreSQL; by default
 *                               into BACKUP_DIR (DATA_DIR/backups) as app-<time>.db or .dump
 * npm run db:restore -- file    puts a snapshot back (stop the server first)
 */
const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

if (command === "backup") {
  const target = fileArg ?? path.join(config.backups.dir, backupFileName("app-", config.database.dialect, new Date()));
  try {
    const { file, bytes, ms } = await takeBackup(config.database, target);
    console.log(`${config.database.dialect === "sqlite" ? "SQLite snapshot" : "PostgreSQL dump"} written to ${file} (${bytes} bytes, ${ms} ms)`);
  } catch (err) {
    fail(`Backup failed: ${(err as Error).message}`);
  }
} else if (command === "restore") {
  if (!fileArg || !existsSync(fileArg)) fail("Name the backup file to restore: npm run db:restore -- data/backups/<file>");
  try {
    await restoreBackup(config.database, fileArg);
  } catch (err) {
    fail(`Restore failed: ${(err as Error).message}`);
  }
  console.log(`Restored ${fileArg} into ${config.database.dialect === "sqlite" ? config.database.file : "the PostgreSQL database"}`);
} else {
  fail("Usage: npm run db:backup [-- file]  |  npm run db:restore -- file");
}
