import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactBody } from "../lead-payloads.ts";
import { request } from "./support/http.ts";
import { logLines, startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * A real server under a steady stream of reads and contact-form posts, sent SIGTERM: /ready turns
 * 503 at once while every request still succeeds for the drain, then the server closes and exits
 * 0, and no request sent before it stopped listening failed.
 */

const DRAIN_SECONDS = 2;
/**
 * A request the client sent this long before the server logged that it closes may reach the
 * server after it (on the wire, or queued behind a busy event loop): only requests sent earlier
 * than that are held to "must succeed".
 */
const IN_TRANSIT_MS = 250;

type Outcome = { kind: "get" | "post"; sentAt: number; status?: number; error?: string; body?: unknown };
type Probe = { sentAt: number; status: number; phase?: string };

describe("drain on SIGTERM", () => {
  const data = tempDataDir();
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      env: { DATABASE_URL: `sqlite:${path.join(data.dir, "app.db")}`, DATA_DIR: data.dir, LOG_LEVEL: "info", DRAIN_SECONDS: String(DRAIN_SECONDS) },
    });
  });

  afterAll(async () => {
    if (server?.running()) await server.stop();
    data.remove();
  });

  it("answers not-ready while it keeps serving, then closes without failing a request and exits 0", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    const probes: Probe[] = [];
    let stopped = false;

    /** One client of the stream: a request, a short pause, again, until the server is gone for it. */
    const client = async (kind: Outcome["kind"]) => {
      while (!stopped) {
        const sentAt = Date.now();
        try {
          const reply =
            kind === "get"
              ? await request(server.url, "/api/v1/blogs?limit=3", { agent, timeoutMs: 15_000 })
              : await request(server.url, "/api/v1/contacts", { agent, body: contactBody(), timeoutMs: 15_000 });
          outcomes.push({ kind, sentAt, status: reply.status, ...(reply.status >= 400 ? { body: reply.body } : {}) });
          // A refusal means the server stopped taking requests: this client, like a balancer, stops too.
          if (reply.status >= 400) return;
        } catch (err) {
          outcomes.push({ kind, sentAt, error: (err as NodeJS.ErrnoException).code ?? (err as Error).message });
          return;
        }
        await sleep(20);
      }
    };
    /** The load balancer's readiness check, every 100 ms on a connection of its own. */
    const balancer = async () => {
      while (!stopped) {
        const sentAt = Date.now();
        try {
          const reply = await request(server.url, "/api/v1/health/ready", { timeoutMs: 5_000 });
          probes.push({ sentAt, status: reply.status, phase: reply.body?.phase });
        } catch {
          return;
        }
        await sleep(100);
      }
    };

    const running = [client("get"), client("get"), client("get"), client("post"), client("post"), balancer()];
    // The stream is flowing and the server is ready before the signal.
    const flowing = Date.now() + 15_000;
    while (!(outcomes.filter((o) => o.status === 201).length >= 3 && probes.some((p) => p.status === 200))) {
      if (Date.now() > flowing)
        throw new Error(
          `the stream did not start: ${JSON.stringify({ failed: outcomes.filter((o) => !o.status || o.status >= 400), probes: probes.slice(-3) })}`,
        );
      await sleep(50);
    }

    const sigtermAt = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    stopped = true;
    await Promise.all(running);
    agent.destroy();

    expect(exit).toEqual({ code: 0, signal: null });
    const logs = logLines(server.output());
    const closeAt = Number(logs.find((line) => String(line.msg).startsWith("closing:"))?.time);
    expect(closeAt).toBeGreaterThan(sigtermAt);
    expect(logs.some((line) => line.msg === "shut down")).toBe(true);

    // Not-ready at once (every check sent once the signal has had 100 ms to arrive), through the drain.
    const afterSignal = probes.filter((p) => p.sentAt > sigtermAt + 100);
    expect(afterSignal.length).toBeGreaterThanOrEqual(DRAIN_SECONDS * 5);
    // (A check that reaches the server once it closes gets the closing server's bare 503.)
    expect(afterSignal.filter((p) => p.status !== 503 || (p.phase !== "draining" && p.sentAt < closeAt - IN_TRANSIT_MS))).toEqual([]);
    const notReadyAt = afterSignal[0]?.sentAt ?? Number.POSITIVE_INFINITY;
    expect(closeAt - notReadyAt).toBeGreaterThan(DRAIN_SECONDS * 1000 - 500);

    // Reads and writes still succeed while the balancer is told not-ready.
    const servedWhileDraining = outcomes.filter((o) => o.sentAt > notReadyAt && o.sentAt < closeAt - IN_TRANSIT_MS && (o.status === 200 || o.status === 201));
    expect(servedWhileDraining.filter((o) => o.kind === "get").length).toBeGreaterThanOrEqual(5);
    expect(servedWhileDraining.filter((o) => o.kind === "post").length).toBeGreaterThanOrEqual(2);

    // Every request sent before the server stopped listening was answered with success.
    const beforeClose = outcomes.filter((o) => o.sentAt < closeAt - IN_TRANSIT_MS);
    expect(beforeClose.filter((o) => o.status !== (o.kind === "get" ? 200 : 201))).toEqual([]);
    // And after it: only the closing server's 503 or a refused or reset connection, never a broken answer.
    for (const late of outcomes.filter((o) => !(o.status === 200 || o.status === 201))) {
      expect(late.status === 503 || ["ECONNREFUSED", "ECONNRESET", "socket hang up"].includes(String(late.error)), JSON.stringify(late)).toBe(true);
    }
  });
});
