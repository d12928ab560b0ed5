import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hasWebBuild } from "../../../src/web/ssr.ts";
import { ServerStartError, startServer as startProcess, type Exit, type StartedProcess } from "../../support/start-server.ts";

/**
 * The real server as a child process (what SIGKILL, a second instance or a lost database act
 * on): main.ts when the web app is built (`npm run test:resilience` builds it when stale),
 * otherwise the same start-up without the web app. Started by the shared starter
 * (test/support/start-server.ts) with its output kept for the tests to read.
 */
const MAIN_ENTRY = "apps/server/src/main.ts";
const API_ONLY_ENTRY = "apps/server/src/features/leads/testing/api-only-server.ts";
const NOT_BUILT = "The web app is not built";

export function serverEntry(): string {
  // Decided at each start: a build running elsewhere empties apps/web/build for a while.
  return hasWebBuild() ? MAIN_ENTRY : API_ONLY_ENTRY;
}

export const TEST_JWT_SECRET = "resilience-secret-resilience-secret-resilience";

export type { Exit };

export type ServerProcess = StartedProcess & {
  /** The start-up file it runs (main.ts serves the pages too). */
  entry: string;
};

export type StartOptions = {
  /** Environment on top of the test defaults (NODE_ENV=test, RATE_LIMITS=off, FORM_GUARD=off …). */
  env: Record<string, string>;
  /** Wait until /api/v1/health answers 200 (default true). */
  waitHealthy?: boolean;
  startTimeoutMs?: number;
  /** Listen on this port (default: a free one). */
  port?: number;
  /** The checkout to run (default: this one), e.g. a next build for a rolling deploy. */
  root?: string;
  /** Node flags before the entry file (the tracing test's `--import`). */
  nodeArgs?: string[];
};

/** Spawns a server on a free port; resolves once it is healthy. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const entry = serverEntry();
  try {
    return await spawnServer(entry, options);
  } catch (err) {
    // The build vanished between the check and main.ts loading it (a rebuild elsewhere).
    // Its output (it may have migrated and seeded before failing) stays part of the server's.
    if (entry === MAIN_ENTRY && err instanceof ServerStartError && err.message.includes(NOT_BUILT)) return spawnServer(API_ONLY_ENTRY, options, err.output);
    throw err;
  }
}

async function spawnServer(entry: string, options: StartOptions, earlierOutput = ""): Promise<ServerProcess> {
  const server = await startProcess({
    script: entry,
    port: options.port,
    root: options.root,
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    env: ({ url }) => ({
      NODE_ENV: "test",
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      LOG_LEVEL: "warn",
      ...options.env,
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
    }),
    output: "pipe",
    earlierOutput,
    waitReady: options.waitHealthy,
    timeoutMs: options.startTimeoutMs,
  });
  return Object.assign(server, { entry });
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
