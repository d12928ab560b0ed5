import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { chmod, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import type { DatabaseTarget } from "../config.ts";

/**
 * Backups of the application's database, for the CLI (`npm run db:backup` / `db:restore`) and the
 * scheduled backup job alike. SQLite: the online backup API, a snapshot of committed data taken on
 * a worker thread. PostgreSQL: `pg_dump --format=custom` in a child process. Either way the file is
 * written under a temporary name and renamed when complete, so a half-written file never carries a
 * backup's name.
 */

export type BackupResult = { file: string; bytes: number; ms: number };

/** The extension of a backup file of this dialect. */
export const backupExtension = (dialect: DatabaseTarget["dialect"]): ".db" | ".dump" => (dialect === "sqlite" ? ".db" : ".dump");

/** `<prefix><UTC time with - for : and .><extension>`: names sort by the time they were taken. */
export function backupFileName(prefix: string, dialect: DatabaseTarget["dialect"], at: Date): string {
  return `${prefix}${at.toISOString().replace(/[:.]/g, "-")}${backupExtension(dialect)}`;
}

/** Takes a backup of `database` into `file` (a complete file, or none and an error). */
export async function takeBackup(database: DatabaseTarget, file: string): Promise<BackupResult> {
  const started = performance.now();
  const target = path.resolve(file);
  // A backup holds every account's password hash and every lead: readable by the server's user alone.
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial-${randomBytes(4).toString("hex")}`;
  try {
    if (database.dialect === "sqlite") await snapshotSqlite(database.file, partial);
    else await runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--file", partial], database.url);
    await chmod(partial, 0o600);
    await syncFile(partial);
    await rename(partial, target);
    await syncFile(path.dirname(target));
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  const { size } = await stat(target);
  return { file: target, bytes: size, ms: Math.round(performance.now() - started) };
}

/** Puts a backup back into `database`, replacing what is there (stop the servers first). */
export async function restoreBackup(database: DatabaseTarget, file: string): Promise<void> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`No backup file at ${source}`);
  if (database.dialect === "sqlite") {
    if (database.file === ":memory:") throw new Error("An in-memory database cannot be restored into");
    const backup = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      mkdirSync(path.dirname(database.file), { recursive: true });
      // An old write-ahead log next to the file would be replayed over the restored pages.
      for (const suffix of ["-wal", "-shm"]) await rm(`${database.file}${suffix}`, { force: true });
      await backup.backup(database.file, { progress: () => 0x7fffffff });
    } finally {
      backup.close();
    }
  } else {
    await runPostgresTool("pg_restore", ["--clean", "--if-exists", "--no-owner", source], database.url);
  }
}

/** The SQLite online backup on a worker thread (sqlite-snapshot-worker.ts says why in one step). */
async function snapshotSqlite(source: string, target: string): Promise<void> {
  if (source === ":memory:") throw new Error("An in-memory database cannot be backed up");
  if (!existsSync(source)) throw new Error(`No database at ${source} yet`);
  const worker = new Worker(new URL("./sqlite-snapshot-worker.ts", import.meta.url), { workerData: { source, target } });
  await new Promise<void>((resolve, reject) => {
    let done = false;
    worker.once("message", () => {
      done = true;
    });
    worker.once("error", reject);
    worker.once("exit", (code) => (done ? resolve() : reject(new Error(`the SQLite backup thread stopped (exit code ${code})`))));
  });
}

/**
 * Runs pg_dump or pg_restore against `url`. The password travels in PGPASSWORD, not on the command
 * line, where every user of the machine could read it in the process list; an error names the
 * tool and its own last words, never the URL.
 */
function runPostgresTool(tool: "pg_dump" | "pg_restore", args: string[], url: string): Promise<void> {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, "--dbname", connection.toString()], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      // The last few lines are enough to say what went wrong; a chatty tool must not grow memory.
      stderr = `${stderr}${chunk}`.slice(-2000);
    });
    child.once("error", (err) => reject(new Error(`${tool} could not start (${err.message}); is the PostgreSQL client installed?`)));
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A partial file older than this was left by a backup that died (a crash, a kill): no backup runs this long. */
const ABANDONED_PARTIAL_MS = 24 * 3600_000;

/**
 * Deletes all but the newest `keep` backups in `dir` whose names are `prefix` + a time + this
 * dialect's extension (what backupFileName makes), and the partial files of such names that a
 * backup which died left a day or more ago. Every other file there is left alone: backups taken by
 * hand, a partial file another server is still writing, anything a person put there. Answers the
 * names it deleted.
 */
export async function pruneBackups(dir: string, prefix: string, dialect: DatabaseTarget["dialect"], keep: number, now = Date.now()): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const name = `^${escaped}\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z\\${backupExtension(dialect)}`;
  const ours = new RegExp(`${name}$`);
  const partial = new RegExp(`${name}\\.partial-[0-9a-f]{8}$`);
  const files = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile());
  const names = files
    .filter((entry) => ours.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const entry of files) {
    if (partial.test(entry.name) && now - (await stat(path.join(dir, entry.name))).mtimeMs > ABANDONED_PARTIAL_MS) old.push(entry.name);
  }
  for (const file of old) await rm(path.join(dir, file), { force: true });
  return old;
}
