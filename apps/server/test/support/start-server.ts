/**
 * The one way the tests and the tools start the server as a real process: the browser tests'
 * shared and isolated servers, the resilience suite, the soak run, the bench and Lighthouse. Each
 * caller says what differs (environment, Node flags, entry file); this module picks a free port,
 * waits until the process answers, and stops it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../free-port.ts";

/** The repository's root: the server's working directory, and where `script` is found. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");

/** The production server's start-up file. */
export const SERVER_MAIN = "apps/server/src/main.ts";

/** The V8 flags `npm start` runs the server with (apps/server/runtime-flags.json; scripts/launch.mjs reads the same file). */
export function runtimeFlags(root = REPO_ROOT): string[] {
  return JSON.parse(readFileSync(path.join(root, "apps/server/runtime-flags.json"), "utf8")) as string[];
}

export type Env = Record<string, string | undefined>;
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type StartOptions = {
  /**
   * The environment on top of this process's own. A function gets the port and address first, for
   * variables that name them (PUBLIC_URL). PORT is always the free port picked here.
   */
  env: Env | ((address: { port: number; url: string }) => Env);
  /** The Node script to run, relative to `root` (default: the server's main.ts). */
  script?: string;
  /** Node flags before the script, e.g. runtimeFlags() or --cpu-prof (none by default). */
  nodeArgs?: string[];
  /** The checkout to run (default: this one). */
  root?: string;
  /** "inherit" shows the process's output; "pipe" keeps it for output(); "ignore-stdout" keeps only stderr visible. */
  output?: "inherit" | "pipe" | "ignore-stdout";
  /** The host name in `url` (default 127.0.0.1). */
  host?: string;
  /** Listen on this port (a server started again behind a load balancer); a free one by default. */
  port?: number;
  /** What "ready" means (default: GET /api/v1/health answers 2xx). */
  ready?: { path: string; when: (res: Response) => boolean };
  /** Wait until ready (default true). */
  waitReady?: boolean;
  /** How long the start may take before the process is killed and the start fails (default 60 s). */
  timeoutMs?: number;
  /** What an earlier attempt printed, kept at the start of output() (a retry with another entry file). */
  earlierOutput?: string;
};

export type StartedProcess = {
  child: ChildProcess;
  /** The script it runs, relative to the root. */
  script: string;
  pid: number;
  port: number;
  /** http://host:port, without a trailing slash. */
  url: string;
  exited: Promise<Exit>;
  /** What the process wrote to stdout and stderr so far (with output: "pipe"; else ""). */
  output(): string;
  running(): boolean;
  /** Polls the ready check; throws with the process's last output if it exits or never gets there (and kills it then). */
  waitReady(timeoutMs?: number): Promise<void>;
  /** SIGTERM and wait (graceful shutdown); SIGKILL if it has not exited 15 s later. */
  stop(): Promise<Exit | undefined>;
};

/** A start that failed, with what the process printed. */
export class ServerStartError extends Error {
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.name = "ServerStartError";
    this.output = output;
  }
}

const HEALTH = { path: "/api/v1/health", when: (res: Response) => res.ok };
/** Enough to read the start-up lines and an error; a request log cannot grow without bound. */
const MAX_KEPT_OUTPUT = 2_000_000;

/** Starts `script` (the server by default) on a free port and, unless told not to, waits until it is ready. */
export async function startServer(options: StartOptions): Promise<StartedProcess> {
  const root = options.root ?? REPO_ROOT;
  const script = options.script ?? SERVER_MAIN;
  const ready = options.ready ?? HEALTH;
  const port = options.port ?? (await freePort());
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const env = typeof options.env === "function" ? options.env({ port, url }) : options.env;
  const mode = options.output ?? "inherit";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: mode === "pipe" ? ["ignore", "pipe", "pipe"] : mode === "ignore-stdout" ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
  });
  let output = options.earlierOutput ?? "";
  const keep = (chunk: Buffer) => {
    if (output.length < MAX_KEPT_OUTPUT) output += chunk.toString("utf8");
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;

  const started: StartedProcess = {
    child,
    script,
    pid: child.pid ?? 0,
    port,
    url,
    exited,
    output: () => output,
    running,
    async waitReady(timeoutMs = options.timeoutMs ?? 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!running()) {
          // Let its last words (stderr) arrive before reporting them.
          await Promise.race([once(child, "close"), new Promise((r) => setTimeout(r, 1_000))]);
          const tail = output ? `:\n${output.slice(-4000)}` : "";
          throw new ServerStartError(`${script} exited early (${child.exitCode ?? child.signalCode})${tail}`, output);
        }
        try {
          const res = await fetch(`${url}${ready.path}`, { signal: AbortSignal.timeout(2_000) });
          if (ready.when(res)) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 150));
      }
      child.kill("SIGKILL");
      const tail = output ? `:\n${output.slice(-4000)}` : "";
      throw new ServerStartError(`${script} did not become ready within ${timeoutMs / 1000} s${tail}`, output);
    },
    async stop() {
      if (!running()) return undefined;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  if (options.waitReady !== false) await started.waitReady();
  return started;
}
