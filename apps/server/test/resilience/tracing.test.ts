import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_JOB } from "../../src/features/leads/index.ts";
import { createTestDatabase, type TestDatabase } from "../harness.ts";
import { REPO_ROOT } from "../support/start-server.ts";
import { dialects } from "./support/environment.ts";
import { until } from "../until.ts";
import { request } from "./support/http.ts";
import { otlpReceiver, SPAN_KIND_SERVER } from "./support/otlp-receiver.ts";
import { logLines, startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/*
 * Tracing in the real server: started with the SDK (`--import`, as `npm start` does when an OTLP
 * endpoint is set) and pointed at a small OTLP/HTTP receiver made here, one presale registration
 * must arrive as one trace holding the HTTP request, its SQL, the confirmation e-mail's job run
 * and the e-mail's send; the request's log line names that trace.
 */

for (const dialect of dialects()) {
  describe(`traces of a real server [${dialect}]`, () => {
    let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
    let testDb: TestDatabase | undefined;
    let server: ServerProcess;
    const data = tempDataDir();

    beforeAll(async () => {
      receiver = await otlpReceiver();
      testDb = dialect === "postgres" ? await createTestDatabase("postgres") : undefined;
      server = await startServer({
        nodeArgs: ["--import", path.join(REPO_ROOT, "apps/server/src/tracing.ts")],
        env: {
          DATABASE_URL: testDb?.url ?? `sqlite:${path.join(data.dir, "vestin.sqlite")}`,
          DATA_DIR: data.dir,
          LOG_LEVEL: "info",
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_SERVICE_NAME: "vestin-tracing-test",
          // Batches leave after 100 ms instead of 5 s.
          OTEL_BSP_SCHEDULE_DELAY: "100",
        },
      });
    });

    afterAll(async () => {
      await server?.stop();
      await receiver?.close();
      await testDb?.dispose();
      data.remove();
    });

    it("sends a presale registration's request, SQL, e-mail job and e-mail send as one trace", async () => {
      const reply = await request(server.url, "/api/v1/presale", {
        method: "POST",
        body: {
          fullName: "Kwame Mensah",
          email: `traced-${dialect}@example.com`,
          walletAddress: "0x3234567890abcdef1234567890abcdef12345678",
          investmentRange: "$1,000 - $5,000",
          cryptoExperience: "Intermediate",
          reference: "Discord",
          additionalInfo: "long-term",
        },
      });
      expect(reply.status).toBe(201);
      const requestId = String(reply.headers["x-request-id"]);

      const httpSpan = await until("spans", () =>
        receiver.spans.find((s) => s.kind === SPAN_KIND_SERVER && s.scope === "@opentelemetry/instrumentation-http" && s.name.includes("/api/v1/presale")),
      );
      const inTrace = () => receiver.spans.filter((s) => s.traceId === httpSpan.traceId);
      const send = await until("spans", () => inTrace().find((s) => s.name === "email send"));
      // The job's span ends after the send inside it, so it can reach the receiver in a later batch.
      const job = await until("spans", () => inTrace().find((s) => s.name === `job ${CONFIRMATION_JOB}`));
      expect(job.spanId).toBe(send.parentSpanId);
      const statement = inTrace().find((s) => /^(sqlite|postgresql|postgres)$/.test(String(s.attributes["db.system"] ?? s.attributes["db.system.name"])));
      expect(
        statement,
        `no SQL span in ${inTrace()
          .map((s) => `${s.scope}:${s.name}`)
          .join(", ")}`,
      ).toBeDefined();
      // The statement's text, never the values bound to it.
      expect(JSON.stringify(receiver.spans.map((s) => s.attributes))).not.toContain(`traced-${dialect}@example.com`);

      // From a support complaint's request id to the trace: the request's log line names it.
      const line = await until("spans", () => logLines(server.output()).find((l) => l.reqId === requestId && l.msg === "request completed"));
      expect(line.trace_id).toBe(httpSpan.traceId);
      // Probes make no traces (the start-up's health checks came first).
      expect(receiver.spans.some((s) => String(s.attributes["url.path"] ?? s.attributes["http.target"] ?? "").startsWith("/api/v1/health"))).toBe(false);
      expect(receiver.paths.every((p) => p.startsWith("POST /v1/traces application/json"))).toBe(true);
    });
  });
}
