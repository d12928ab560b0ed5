/**
 * Starting the production server for the bench tools (run.ts, profile.ts): the V8 flags `npm start`
 * uses, a free port, and a wait until it answers its health check.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../apps/server/test/free-port.ts";

/** The V8 flags `npm start` runs the server with (scripts/launch.mjs reads the same file). */
export function serverFlags(root: string): string[] {
  return JSON.parse(readFileSync(path.join(root, "apps/server/runtime-flags.json"), "utf8")) as string[];
}

/** Polls `url` until it answers `ready` (4 s × 60 at most). */
export async function waitUntil(url: string, ready: (res: Response) => boolean): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if (ready(await fetch(url))) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** A Node script of `root` (flags first), on a free port given as PORT; ready when `readyPath` answers. */
export async function startProcess(options: {
  root: string;
  script: string;
  env: Record<string, string | undefined>;
  nodeArgs?: string[];
  stdio?: StdioOptions;
  ready: { path: string; when: (res: Response) => boolean };
}): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverFlags(options.root), ...(options.nodeArgs ?? []), path.join(options.root, options.script)], {
    cwd: options.root,
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: options.stdio ?? ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`${options.script} exited early with code ${code}`))));
  await Promise.race([waitUntil(`${base}${options.ready.path}`, options.ready.when), exited]);
  return { child, base };
}

/** The production server of `root`, ready when its health check answers. */
export function startServer(root: string, env: Record<string, string | undefined>, more: { nodeArgs?: string[]; stdio?: StdioOptions } = {}) {
  return startProcess({
    root,
    script: "apps/server/src/main.ts",
    env: { ...env, NODE_ENV: "production" },
    ...more,
    ready: { path: "/api/v1/health", when: (res) => res.ok },
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}
