import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../free-port.ts";
import { REPO_ROOT } from "../../support/start-server.ts";
import { ensureDebianTool } from "./debian-tool.ts";

export type Prometheus = {
  url: string;
  /** An instant query's vector: each series' labels and value. */
  query(promql: string, at?: Date): Promise<Array<{ metric: Record<string, string>; value: number }>>;
  /** The scrape targets and their health ("up", "down", "unknown"), by instance. */
  targets(): Promise<Record<string, { health: string; lastScrape: string }>>;
  stop(): Promise<void>;
  output(): string;
};

/**
 * Debian's Prometheus running the shipped deploy/prometheus/prometheus.yml's `vestin` job (bearer
 * token from a file, /metrics) against `ports`, scraping every `scrapeSeconds`, with a storage
 * directory of its own.
 */
export async function startPrometheus(ports: number[], token: string, scrapeSeconds = 1): Promise<Prometheus> {
  const prometheus = ensureDebianTool("prometheus", "prometheus");
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-prometheus-"));
  const tokenFile = path.join(dir, "token");
  writeFileSync(tokenFile, token, { mode: 0o600 });
  const shipped = readFileSync(path.join(REPO_ROOT, "deploy/prometheus/prometheus.yml"), "utf8");
  const job = shipped.match(/^ {2}- job_name: vestin\n(?:(?: {4}.*| *#.*)?\n)*/m)?.[0];
  if (!job?.includes("credentials_file:")) throw new Error("deploy/prometheus/prometheus.yml has no vestin job reading its token from a file");
  const vestinJob = job
    .replace(/credentials_file: .*/, `credentials_file: ${tokenFile}`)
    .replace(/targets: \[.*\]/, `targets: [${ports.map((p) => `"127.0.0.1:${p}"`).join(", ")}]`);
  writeFileSync(
    path.join(dir, "prometheus.yml"),
    `global:\n  scrape_interval: ${scrapeSeconds}s\n  evaluation_interval: ${scrapeSeconds}s\n\nscrape_configs:\n${vestinJob}`,
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    prometheus,
    [`--config.file=${path.join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async query(promql, at) {
      const params = new URLSearchParams({ query: promql, ...(at ? { time: String(at.getTime() / 1000) } : {}) });
      const res = await fetch(`${url}/api/v1/query?${params}`);
      const body = (await res.json()) as {
        status: string;
        error?: string;
        data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (body.status !== "success") throw new Error(`Prometheus query failed: ${body.error ?? res.status} (${promql})`);
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    async targets() {
      if (child.exitCode !== null) throw new Error(`Prometheus exited: ${output.slice(-2000)}`);
      const res = await fetch(`${url}/api/v1/targets`);
      const body = (await res.json()) as { data: { activeTargets: Array<{ labels: { instance: string }; health: string; lastScrape: string }> } };
      return Object.fromEntries(body.data.activeTargets.map((t) => [t.labels.instance, { health: t.health, lastScrape: t.lastScrape }]));
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
