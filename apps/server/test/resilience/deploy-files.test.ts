import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../src/config.ts";
import { until as waitFor } from "../until.ts";
import { ensureDebianTool } from "./support/debian-tool.ts";
import { startHaproxy, type Haproxy } from "./support/haproxy.ts";

/**
 * The multi-server recipe in deploy/ checked by the tools that will read it: HAProxy's own parser,
 * systemd-analyze, promtool (config, rules and the rules' unit tests). HAProxy also runs the
 * shipped frontend and backend against three stand-in servers, so its retry and readiness rules
 * are proven by what reaches the servers, not only parsed.
 */

const DEPLOY = path.join(ROOT_DIR, "deploy");
const read = (file: string) => readFileSync(path.join(DEPLOY, file), "utf8");

function run(command: string, args: string[], cwd = DEPLOY): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

/** Replaces `from` (which must occur exactly once) in `text`. */
function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `"${from}" occurs once`).toBe(1);
  return text.replace(from, to);
}

function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-deploy-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const until = (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => waitFor(what, check, { timeoutMs, everyMs: 100 });

describe("deploy/haproxy/haproxy.cfg", () => {
  let haproxy: string;
  beforeAll(() => {
    haproxy = ensureDebianTool("haproxy", "haproxy");
  });

  it("is a valid HAProxy configuration (haproxy -c)", () => {
    const { status, output } = run(haproxy, ["-c", "-f", "haproxy/haproxy.cfg"]);
    expect(output).toContain("Configuration file is valid");
    expect(output).not.toMatch(/\[WARNING\]|\[ALERT\]/);
    expect(status).toBe(0);
  });

  describe("in front of three stand-in servers", () => {
    type Seen = { server: string; method: string; url: string; requestId: string; forwardedFor: string };
    type StandIn = { name: string; port: number; ready: boolean; server: http.Server };
    const seen: Seen[] = [];
    const healthChecks: Array<{ server: string; method: string; url: string }> = [];
    /** Request ids whose first attempt a stand-in already dropped. */
    const dropped = new Set<string>();
    const standIns: StandIn[] = [];
    let haproxy: Haproxy;
    let front = "";

    function standIn(name: string): Promise<StandIn> {
      const self: StandIn = { name, port: 0, ready: true, server: http.createServer() };
      self.server.on("request", (req, res) => {
        if (req.url === "/api/v1/health/ready") {
          healthChecks.push({ server: name, method: req.method ?? "", url: req.url });
          res.writeHead(self.ready ? 200 : 503).end();
          return;
        }
        const requestId = String(req.headers["x-request-id"] ?? "");
        seen.push({ server: name, method: req.method ?? "", url: req.url ?? "", requestId, forwardedFor: String(req.headers["x-forwarded-for"] ?? "") });
        // A server that dies mid-request: the connection closes and nothing is answered.
        if (req.url === "/drop-first-attempt" && !dropped.has(requestId)) {
          dropped.add(requestId);
          req.socket.destroy();
          return;
        }
        res.writeHead(200, { "content-type": "text/plain" }).end(name);
      });
      return new Promise((resolve) =>
        self.server.listen(0, "127.0.0.1", () => resolve(Object.assign(self, { port: (self.server.address() as net.AddressInfo).port }))),
      );
    }

    beforeAll(async () => {
      for (const name of ["s1", "s2", "s3"]) standIns.push(await standIn(name));
      haproxy = await startHaproxy(standIns.map((s) => s.port));
      front = haproxy.url;
      await until("HAProxy to list three servers UP", async () => {
        const states = await haproxy.serverStates().catch(() => ({}) as Record<string, string>);
        return ["s1", "s2", "s3"].every((s) => states[s] === "UP");
      });
    });

    afterAll(async () => {
      await haproxy?.stop();
      await Promise.all(standIns.map((s) => new Promise((resolve) => s.server.close(resolve))));
    });

    it("retries a GET whose server closed without answering, on another server with the same X-Request-Id", async () => {
      const res = await fetch(`${front}/drop-first-attempt`);
      expect(res.status).toBe(200);
      const attempts = seen.filter((s) => s.url === "/drop-first-attempt" && s.method === "GET");
      expect(attempts).toHaveLength(2);
      const [first, second] = attempts;
      expect(second?.server).not.toBe(first?.server);
      expect(first?.requestId).toMatch(/\S/);
      expect(second?.requestId).toBe(first?.requestId);
    });

    it("never sends a POST again once a server received it: the client gets 502, the servers saw it once", async () => {
      const res = await fetch(`${front}/drop-first-attempt`, { method: "POST", body: "email=a@example.com" });
      expect(res.status).toBe(502);
      expect(seen.filter((s) => s.url === "/drop-first-attempt" && s.method === "POST")).toHaveLength(1);
    });

    it("sets X-Forwarded-For to the client and replaces a client's own X-Request-Id", async () => {
      const res = await fetch(`${front}/hello`, { headers: { "x-request-id": "chosen-by-the-client", "x-forwarded-for": "203.0.113.9" } });
      expect(res.status).toBe(200);
      const hello = seen.find((s) => s.url === "/hello");
      expect(hello?.requestId).toMatch(/\S/);
      expect(hello?.requestId).not.toBe("chosen-by-the-client");
      // Appended: the server trusts only the last hop HAProxy added (loopback here).
      expect(hello?.forwardedFor).toBe("203.0.113.9, 127.0.0.1");
    });

    it("checks GET /api/v1/health/ready: a server answering 503 gets no traffic until it answers 200 again", async () => {
      expect(healthChecks.length).toBeGreaterThan(0);
      expect(healthChecks.every((c) => c.method === "GET" && c.url === "/api/v1/health/ready")).toBe(true);
      const s3 = standIns[2];
      if (!s3) throw new Error("three stand-ins expected");
      s3.ready = false;
      await until("s3 to be marked DOWN", async () => (await haproxy.serverStates()).s3?.startsWith("DOWN") ?? false);
      const before = seen.length;
      for (let i = 0; i < 6; i += 1) expect((await fetch(`${front}/while-s3-drains`)).status).toBe(200);
      expect(seen.slice(before).map((s) => s.server)).not.toContain("s3");

      s3.ready = true;
      await until("s3 to be marked UP again", async () => (await haproxy.serverStates()).s3 === "UP");
      const servedBy = await Promise.all(Array.from({ length: 6 }, async () => (await fetch(`${front}/after-s3-returned`)).text()));
      expect(servedBy).toContain("s3");
    });
  });
});

describe("deploy/systemd units", () => {
  const units = ["vestin.service", "vestin@.service"];
  const flags = JSON.parse(readFileSync(path.join(ROOT_DIR, "apps/server/runtime-flags.json"), "utf8")) as string[];

  it("pass systemd-analyze verify (a single unit and an instance of the template)", () => {
    const systemdAnalyze = ensureDebianTool("systemd-analyze", "systemd");
    const temp = tempDir();
    try {
      // The Node 24 the test runs on stands in for /usr/bin/node, which verify requires to exist.
      for (const unit of units) writeFileSync(path.join(temp.dir, unit), read(`systemd/${unit}`).replaceAll("/usr/bin/node ", `${process.execPath} `));
      for (const unit of ["vestin.service", "vestin@2.service"]) {
        const { status, output } = run(systemdAnalyze, ["verify", path.join(temp.dir, unit)], temp.dir);
        expect(output, unit).toBe("");
        expect(status, unit).toBe(0);
      }
    } finally {
      temp.remove();
    }
  });

  it.each(units)("%s starts main.ts with npm start's runtime flags and stops after the drain", (unit) => {
    const text = read(`systemd/${unit}`);
    expect(text).toContain(`/usr/bin/node ${flags.join(" ")} apps/server/src/main.ts\n`);
    expect(text).toMatch(/^KillSignal=SIGTERM$/m);
    expect(text).toMatch(/^EnvironmentFile=\/etc\/vestin\/env$/m);
    expect(text).toMatch(/^ProtectSystem=strict$/m);
    expect(text).toMatch(/^ReadWritePaths=\/var\/lib\/vestin$/m);
    // DRAIN_SECONDS (5 by default) + 20 s for in-flight requests and closing.
    const stop = Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1]);
    expect(stop).toBeGreaterThan(5 + 20);
  });

  it("gives each template instance its own port", () => {
    expect(read("systemd/vestin@.service")).toContain("ExecStart=/usr/bin/env PORT=300%i /usr/bin/node ");
  });
});

describe("deploy/prometheus", () => {
  let promtool: string;
  beforeAll(() => {
    promtool = ensureDebianTool("promtool", "prometheus");
  });

  it("prometheus.yml passes promtool check config (with its rules)", () => {
    const temp = tempDir();
    try {
      // promtool insists the token file exists; the shipped path is /etc/prometheus/….
      const token = path.join(temp.dir, "vestin-metrics-token");
      writeFileSync(token, "a-test-token\n", { mode: 0o600 });
      writeFileSync(
        path.join(temp.dir, "prometheus.yml"),
        replaceOnce(read("prometheus/prometheus.yml"), "credentials_file: /etc/prometheus/vestin-metrics-token", `credentials_file: ${token}`),
      );
      copyFileSync(path.join(DEPLOY, "prometheus/alerts.yml"), path.join(temp.dir, "alerts.yml"));
      const { status, output } = run(promtool, ["check", "config", "prometheus.yml"], temp.dir);
      expect(output).toContain("SUCCESS");
      expect(status).toBe(0);
    } finally {
      temp.remove();
    }
  });

  it("alerts.yml passes promtool check rules and its unit tests (alerts.test.yml)", () => {
    const check = run(promtool, ["check", "rules", "prometheus/alerts.yml"]);
    expect(check.output).toContain("SUCCESS");
    expect(check.status).toBe(0);
    const tests = run(promtool, ["test", "rules", "alerts.test.yml"], path.join(DEPLOY, "prometheus"));
    expect(tests.output).toContain("SUCCESS");
    expect(tests.status).toBe(0);
  });

  it("every alert has a unit test and a paragraph in docs/operations.md", () => {
    const alerts = [...read("prometheus/alerts.yml").matchAll(/^\s+- alert: (\w+)$/gm)].map((m) => m[1] ?? "");
    expect(alerts.length).toBeGreaterThanOrEqual(7);
    const tests = read("prometheus/alerts.test.yml");
    const operations = readFileSync(path.join(ROOT_DIR, "docs/operations.md"), "utf8");
    for (const alert of alerts) {
      expect(tests, alert).toContain(`alertname: ${alert}\n`);
      expect(operations.includes(`**${alert}**`), `${alert} in docs/operations.md`).toBe(true);
    }
  });
});
