import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../free-port.ts";
import { REPO_ROOT } from "../../support/start-server.ts";
import { ensureDebianTool } from "./debian-tool.ts";

export type Haproxy = {
  /** The public address (the shipped frontend), http://127.0.0.1:port. */
  url: string;
  /** HAProxy's view of each server ("UP", "DOWN", "NOLB" …) from its stats page. */
  serverStates(): Promise<Record<string, string>>;
  /** The backend's counters per server: retries and redispatches (wretr, wredis). */
  serverCounters(): Promise<Record<string, Record<string, string>>>;
  stop(): Promise<void>;
  output(): string;
};

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/haproxy/haproxy.cfg no longer contains "${from}"`);
  return text.replace(from, to);
}

/**
 * Debian's HAProxy running the shipped deploy/haproxy/haproxy.cfg: its defaults, frontend and
 * backend as written, with only the process settings (user, chroot, syslog and the admin socket
 * need root) and the addresses made this test's own; `ports` are the servers s1, s2, s3 … in order.
 */
export async function startHaproxy(ports: number[]): Promise<Haproxy> {
  const haproxy = ensureDebianTool("haproxy", "haproxy");
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-haproxy-"));
  const [frontPort, statsPort] = [await freePort(), await freePort()];
  let config = readFileSync(path.join(REPO_ROOT, "deploy/haproxy/haproxy.cfg"), "utf8");
  config = config.replace(/^global\n(?:[ \t].*\n|[ \t]*#.*\n|\n)*/m, "global\n    maxconn 512\n\n");
  config = replaceOnce(config, "bind :8080", `bind 127.0.0.1:${frontPort}`);
  config = replaceOnce(config, "bind 127.0.0.1:8404", `bind 127.0.0.1:${statsPort}`);
  const shipped = [...config.matchAll(/^\s*server (s\d+) 127\.0\.0\.1:\d+$/gm)];
  if (shipped.length < 1) throw new Error("deploy/haproxy/haproxy.cfg lists no server lines");
  const [firstLine] = shipped;
  config = config.replace(/^\s*server s\d+ 127\.0\.0\.1:\d+\n/gm, "");
  const lines = ports.map((port, i) => `    server s${i + 1} 127.0.0.1:${port}\n`).join("");
  config = config.slice(0, firstLine?.index ?? config.length) + lines + config.slice(firstLine?.index ?? config.length);
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  const child: ChildProcess = spawn(haproxy, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const stats = `http://127.0.0.1:${statsPort}`;

  async function csv(): Promise<Array<Record<string, string>>> {
    const text = await (await fetch(`${stats}/stats;csv`)).text();
    const [header = "", ...rows] = text.trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    return rows.map((row) => Object.fromEntries(row.split(",").map((cell, i) => [columns[i] ?? String(i), cell])));
  }
  const backendRows = async () => (await csv()).filter((r) => r.pxname === "vestin" && /^s\d+$/.test(r.svname ?? ""));

  return {
    url: `http://127.0.0.1:${frontPort}`,
    async serverStates() {
      if (child.exitCode !== null) throw new Error(`HAProxy exited: ${output}`);
      return Object.fromEntries((await backendRows()).map((r) => [r.svname ?? "", r.status ?? ""]));
    },
    async serverCounters() {
      return Object.fromEntries((await backendRows()).map((r) => [r.svname ?? "", r]));
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
