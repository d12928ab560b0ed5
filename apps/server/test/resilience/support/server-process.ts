import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT_DIR } from "../../../src/config.ts";
import { hasWebBuild } from "../../../src/web/ssr.ts";
import { freePort } from "../../free-port.ts";

/**
 * The real server as a child process (what SIGKILL, a second instance or a lost database act
 * on): main.ts when the web app is built (`npm run test:resilience` builds it when stale),
 * otherwise the same start-up without the web app.
 */
const MAIN_ENTRY = "apps/server/src/main.ts";
const API_ONLY_ENTRY = "apps/server/src/features/leads/testing/api-only-server.ts";
const NOT_BUILT = "The web app is not built";

export function serverEntry(): string {
  // Decided at each start: a build running elsewhere empties apps/web/build for a while.
  return hasWebBuild() ? MAIN_ENTRY : API_ONLY_ENTRY;
}

export const TEST_JWT_SECRET = "resilience-secret-resilience-secret-resilience";

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  /** The start-up file it runs (main.ts serves the pages too). */
  entry: string;
  pid: number;
  url: string;
  exited: Promise<Exit>;
  /** Everything the process wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  running(): boolean;
  /** SIGTERM and wait (graceful shutdown). */
  stop(): Promise<Exit | undefined>;
};

export type StartOptions = {
  /** Environment on top of the test defaults (NODE_ENV=test, RATE_LIMITS=off, FORM_GUARD=off …). */
  env: Record<string, string>;
  /** Wait until /api/v1/health answers 200 (default true). */
  waitHealthy?: boolean;
  startTimeoutMs?: number;
};

/** Spawns a server on a free port; resolves once it is healthy. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const entry = serverEntry();
  try {
    return await spawnServer(entry, options);
  } catch (err) {
    // The build vanished between the check and main.ts loading it (a rebuild elsewhere).
    // Its output (it may have migrated and seeded before failing) stays part of the server's.
    if (entry === MAIN_ENTRY && (err as Error).message.includes(NOT_BUILT)) return spawnServer(API_ONLY_ENTRY, options, (err as StartError).output);
    throw err;
  }
}

/** A start-up that failed, with what the process printed. */
class StartError extends Error {
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.output = output;
  }
}

async function spawnServer(entry: string, options: StartOptions, earlierOutput = ""): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "test",
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      LOG_LEVEL: "warn",
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = earlierOutput;
  const keep = (chunk: Buffer) => {
    // Enough to read the start-up lines and an error; a request log cannot grow without bound.
    if (output.length < 2_000_000) output += chunk.toString("utf8");
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const server: ServerProcess = {
    child,
    entry,
    pid: child.pid ?? 0,
    url,
    exited,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (!server.running()) return undefined;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  if (options.waitHealthy !== false) await waitHealthy(server, options.startTimeoutMs ?? 60_000);
  return server;
}

/** Polls /api/v1/health until 200; throws with the process's output if it exits or never gets there. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.running()) {
      // Let its last words (stderr) arrive before reporting them.
      await Promise.race([once(server.child, "close"), new Promise((r) => setTimeout(r, 1_000))]);
      throw new StartError(`the server exited early (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`, server.output());
    }
    try {
      const res = await fetch(`${server.url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  server.child.kill("SIGKILL");
  throw new StartError(`the server did not become healthy within ${timeoutMs / 1000} s:\n${server.output().slice(-4000)}`, server.output());
}

/** A temporary DATA_DIR (outbox, local files) removed by the returned function. */
export function tempDataDir(prefix = "vestin-resilience-"): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The JSON log lines of a process's output (pino), parsed; other lines skipped. */
export function logLines(output: string): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a partial line
    }
  }
  return lines;
}
