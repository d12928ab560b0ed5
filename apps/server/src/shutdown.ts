import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import type { Database } from "./db/database.ts";
import { flushTraces } from "./lib/tracing.ts";

/** How long finishing in-flight requests, view counts and jobs may take after the drain (the hard limit is the drain plus this). */
export const SHUTDOWN_FINISH_MS = 20_000;

type ShutdownOptions = {
  app: FastifyInstance;
  database: Database;
  /** DRAIN_SECONDS: how long SIGTERM keeps serving while answering not-ready. */
  drainSeconds: number;
  /** Writes the buffered log lines before the process exits. */
  flushLogs?: () => void;
};

/**
 * SIGTERM (a deploy, the orchestrator): answer not-ready at once and keep serving for
 * DRAIN_SECONDS, so a load balancer that checks /health/ready every second or so takes the server
 * out before it stops listening. Then close: stop accepting, finish the requests in flight, write
 * the buffered view counts, hand running jobs back, close the database, exit 0. SIGINT (a person
 * at a terminal) does the same without the drain wait. Past the drain plus SHUTDOWN_FINISH_MS the
 * process exits 1 whatever is left.
 */
export function shutDownOnSignals({ app, database, drainSeconds, flushLogs = () => {} }: ShutdownOptions): void {
  let closing = false;
  const shutdown = async (signal: "SIGTERM" | "SIGINT") => {
    if (closing) return;
    closing = true;
    app.readiness.drain();
    const drainMs = signal === "SIGTERM" ? drainSeconds * 1000 : 0;
    const hardLimitMs = drainMs + SHUTDOWN_FINISH_MS;
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${hardLimitMs / 1000} s; exiting`);
      flushLogs();
      process.exit(1);
    }, hardLimitMs);
    force.unref();
    try {
      if (drainMs > 0) {
        app.log.info({ signal, drainSeconds }, "draining: answering not-ready, still serving");
        await sleep(drainMs);
      }
      app.log.info({ signal }, "closing: no longer accepting connections, finishing in-flight requests");
      // Stops listening, waits for the requests in flight, then runs the plugins' onClose hooks:
      // view counts written, job workers stopped (running jobs finish or go back to the queue).
      await app.close();
      await database.close();
      // The last spans (of the requests and jobs just finished) go to the collector before the exit.
      await flushTraces();
      app.log.info({ signal }, "shut down");
      flushLogs();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      flushLogs();
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
