import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { REPO_ROOT } from "../support/start-server.ts";
import { createTestDatabase, type TestDatabase } from "../harness.ts";
import { until } from "../until.ts";
import { describeWith } from "./support/environment.ts";
import { request } from "./support/http.ts";
import { logLines, startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * A backup taken while the server takes writes restores every write acknowledged before it began.
 * A real server takes a steady stream of contact forms (unique e-mails, several in flight at once)
 * and a backup is taken in the middle of it, two ways: by the scheduled job inside the busy server
 * (BACKUP_INTERVAL_MINUTES=1; its log line gives when it began: its time less its `ms`), and by
 * `npm run db:backup` in a process of its own. `npm run db:restore` puts the file into a fresh
 * database (a new SQLite file, a new PostgreSQL database); every contact answered 201 before the
 * backup began must be in the restored copy, and a server started on that copy answers
 * /api/v1/health and takes a new write.
 */

/** Requests in flight at once during the stream. */
const IN_FLIGHT = 4;
/**
 * Writes a second the stream keeps to at most: steady, below what the server can take, so its job
 * queue keeps up (a saturating wave holds every job, the backup's too, behind the e-mails queued
 * before it).
 */
const RATE = 80;
/** Writes acknowledged before the backup starts. */
const BEFORE_BACKUP = 150;
/** Writes acknowledged after the backup has ended, before the stream stops (so it ran throughout). */
const AFTER_BACKUP = 50;

/** A write answered 201, and when the answer arrived (Date.now(), the clock of the server's log lines). */
type Acknowledged = { id: string; email: string; at: number };

/** The scheduled job's log line for its first backup, once written. */
function scheduledBackup(server: ServerProcess): { file: string; time: number; ms: number } | undefined {
  const output = server.output();
  if (!output.includes("database backup written")) return undefined;
  const line = logLines(output).find((entry) => entry.msg === "database backup written");
  return line ? { file: String(line.file), time: Number(line.time), ms: Number(line.ms) } : undefined;
}

const target = (url: string) => (url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const));

/** Runs an npm script of the project (through its launcher, as `npm run` does); resolves with its output, rejects on failure. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, "scripts/launch.mjs"), script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run ${script} exited with ${code}:\n${output}`))));
  });
}

/** Posts contact forms, IN_FLIGHT at a time and RATE a second at most, until stop() is called; records each 201 with when it arrived. */
function contactStream(base: string, stamp: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const acknowledged: Acknowledged[] = [];
  const refused: string[] = [];
  const listeners = new Set<() => void>();
  let sent = 0;
  let stopped = false;
  const gapMs = (1000 * IN_FLIGHT) / RATE;
  const worker = async () => {
    let nextAt = Date.now();
    while (!stopped) {
      nextAt += gapMs;
      const email = `backup${sent++}.${stamp}@example.com`;
      const reply = await request(base, "/api/v1/contacts", { agent, body: { firstName: "Backup", lastName: "Stream", email, confirmEmail: email } });
      if (reply.status === 201) acknowledged.push({ id: reply.body.data._id as string, email, at: Date.now() });
      else refused.push(`${reply.status} ${JSON.stringify(reply.body)}`);
      for (const listener of listeners) listener();
      // Pacing, not waiting for a result: the next request leaves on the stream's schedule.
      const wait = nextAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  const workers = Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return {
    acknowledged,
    refused,
    /** Resolves once `count` writes are acknowledged. */
    reached(count: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (acknowledged.length >= count) {
            listeners.delete(check);
            resolve();
          } else if (refused.length > 0) {
            listeners.delete(check);
            reject(new Error(`a write was refused: ${refused[0]}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      await workers;
      agent.destroy();
    },
  };
}

for (const dialect of ["sqlite", "postgres"] as const) {
  describeWith({ postgres: dialect === "postgres" }, `backup and restore under a steady stream of writes [${dialect}]`, () => {
    for (const by of ["the scheduled job", "npm run db:backup"] as const) {
      it(`restores every write acknowledged before ${by} began, into a database a server starts on`, { timeout: 240_000 }, async () => {
        const source = await createTestDatabase(dialect);
        const data = tempDataDir();
        const restoredData = tempDataDir();
        let fresh: TestDatabase | undefined;
        let server: ServerProcess | undefined;
        let restoredServer: ServerProcess | undefined;
        try {
          const scheduled = by === "the scheduled job";
          const env = { DATABASE_URL: source.url, DATA_DIR: data.dir };
          server = await startServer({ env: scheduled ? { ...env, BACKUP_INTERVAL_MINUTES: "1", LOG_LEVEL: "info" } : env });
          const running = server;
          const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
          const stream = contactStream(server.url, stamp);
          let file = path.join(data.dir, "backups", `drill${dialect === "sqlite" ? ".db" : ".dump"}`);
          let backupBegan = 0;
          let backupEnded = 0;
          /** Writes acknowledged before the backup began, in the order their answers arrived. */
          let acknowledgedBefore = 0;
          try {
            await stream.reached(BEFORE_BACKUP);
            if (scheduled) {
              // The first slot's backup starts 15 to 75 s after start-up (ADR 29), the stream going on.
              const taken = await until("the scheduled backup", () => scheduledBackup(running), { timeoutMs: 120_000, everyMs: 100 });
              file = taken.file;
              backupBegan = taken.time - taken.ms;
              backupEnded = taken.time;
              // Answers that arrived before the job's first step (the log line's time less its ms).
              acknowledgedBefore = stream.acknowledged.filter((write) => write.at < backupBegan).length;
            } else {
              acknowledgedBefore = stream.acknowledged.length;
              backupBegan = Date.now();
              const printed = await runScript("db:backup", [file], env);
              backupEnded = Date.now();
              expect(printed).toMatch(/written to .*drill/);
            }
            await stream.reached(stream.acknowledged.length + AFTER_BACKUP);
          } finally {
            await stream.stop();
          }
          expect(stream.refused).toEqual([]);
          const before = stream.acknowledged.slice(0, acknowledgedBefore);
          const during = stream.acknowledged.slice(acknowledgedBefore).filter((write) => write.at <= backupEnded);
          expect(before.length).toBeGreaterThanOrEqual(BEFORE_BACKUP);
          // Not a quiet database: the server acknowledged writes while the backup ran.
          expect(during.length, "no write was acknowledged while the backup ran").toBeGreaterThan(0);

          fresh =
            dialect === "sqlite" ? { url: `sqlite:${path.join(restoredData.dir, "app.db")}`, dispose: async () => {} } : await createTestDatabase("postgres");
          await runScript("db:restore", [file], { DATABASE_URL: fresh.url, DATA_DIR: restoredData.dir });

          const restored = await openDatabase(target(fresh.url));
          let restoredIds: Set<string>;
          try {
            const rows = await restored.db.selectFrom("contacts").select(["id", "email"]).where("email", "like", `%.${stamp}@example.com`).execute();
            restoredIds = new Set(rows.map((row) => row.id));
          } finally {
            await restored.close();
          }
          const missing = before.filter((write) => !restoredIds.has(write.id));
          expect(missing.map((write) => write.email)).toEqual([]);
          console.log(
            `[${dialect}, ${by}] ${before.length} writes acknowledged before the backup (${Math.round(backupEnded - backupBegan)} ms), all restored; ` +
              `${during.filter((write) => restoredIds.has(write.id)).length} of ${during.length} acknowledged during it are in the copy`,
          );

          await server.stop();
          server = undefined;
          restoredServer = await startServer({ env: { DATABASE_URL: fresh.url, DATA_DIR: restoredData.dir } });
          const health = await request(restoredServer.url, "/api/v1/health");
          expect(health.status).toBe(200);
          const email = `after-restore.${stamp}@example.com`;
          const write = await request(restoredServer.url, "/api/v1/contacts", {
            body: { firstName: "After", lastName: "Restore", email, confirmEmail: email },
          });
          expect(write.status, JSON.stringify(write.body)).toBe(201);
        } finally {
          await restoredServer?.stop();
          await server?.stop();
          await fresh?.dispose();
          await source.dispose();
          data.remove();
          restoredData.remove();
        }
      });
    }
  });
}
