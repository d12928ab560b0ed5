import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { loadConfig } from "../config.ts";

/**
 * npm run db:backup [-- file]   a consistent snapshot while the server runs: SQLite's online
 *                               backup API, or pg_dump (custom format) on PostgreSQL
 * npm run db:restore -- file    puts a snapshot back (stop the server first)
 */
const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

if (command === "backup") {
  const dir = path.join(config.dataDir, "backups");
  mkdirSync(dir, { recursive: true });
  if (config.database.dialect === "sqlite") {
    const target = path.resolve(fileArg ?? path.join(dir, `app-${stamp}.db`));
    if (!existsSync(config.database.file)) fail(`No database at ${config.database.file} yet.`);
    const source = new SQLite(config.database.file, { readonly: true });
    await source.backup(target);
    source.close();
    console.log(`SQLite snapshot written to ${target}`);
  } else {
    const target = path.resolve(fileArg ?? path.join(dir, `app-${stamp}.dump`));
    const result = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--file", target, config.database.url], { stdio: "inherit" });
    if (result.error || result.status !== 0)
      fail(`pg_dump failed${result.error ? `: ${result.error.message}` : ""}. Is pg_dump (PostgreSQL client) installed?`);
    console.log(`PostgreSQL dump written to ${target}`);
  }
} else if (command === "restore") {
  if (!fileArg || !existsSync(fileArg)) fail("Name the backup file to restore: npm run db:restore -- data/backups/<file>");
  if (config.database.dialect === "sqlite") {
    const source = new SQLite(path.resolve(fileArg), { readonly: true });
    mkdirSync(path.dirname(config.database.file), { recursive: true });
    // An old write-ahead log next to the file would be replayed over the restored pages.
    for (const suffix of ["-wal", "-shm"]) rmSync(`${config.database.file}${suffix}`, { force: true });
    await source.backup(config.database.file);
    source.close();
    console.log(`Restored ${fileArg} into ${config.database.file}`);
  } else {
    const result = spawnSync("pg_restore", ["--clean", "--if-exists", "--no-owner", "--dbname", config.database.url, path.resolve(fileArg)], {
      stdio: "inherit",
    });
    if (result.error || result.status !== 0) fail("pg_restore failed; see its messages above.");
    console.log(`Restored ${fileArg} into the PostgreSQL database`);
  }
} else {
  fail("Usage: npm run db:backup [-- file]  |  npm run db:restore -- file");
}
