import type { ClientRequest, IncomingMessage } from "node:http";
import { Writable } from "node:stream";
import { context, propagation, trace, type Span } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { FastifyOtelInstrumentation } from "@fastify/otel";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { describeEachDatabase } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import { pgBossQueue, type PendingJobsDb } from "./jobs/pg-boss-queue.ts";
import {
  activateTracing,
  deactivateTracing,
  inSpan,
  inSqliteSpan,
  keepSecretsOutOfSpan,
  nameStatementSpan,
  traceContextToStore,
  untracedRequest,
} from "./tracing.ts";

/*
 * Traces in-process: the SDK registered with an in-memory exporter and Fastify's instrumentation
 * (the production start loads the same through src/tracing.ts; pg and HTTP spans need its loader
 * hook, so test/resilience/tracing.test.ts proves those on a real server). A form's request, its
 * SQL, the jobs it stores and the e-mail those send must be one trace.
 */

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const fastifyOtel = new FastifyOtelInstrumentation({ registerOnInitialization: true });

/** The JSON log lines the app wrote. */
const logLines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n")) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

beforeAll(() => {
  provider.register();
  fastifyOtel.setTracerProvider(provider);
  fastifyOtel.enable();
  activateTracing(() => provider.forceFlush());
});

afterAll(async () => {
  deactivateTracing();
  fastifyOtel.disable();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

const spans = () => exporter.getFinishedSpans();
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
/** Whether `span` descends from `ancestor` (through finished spans). */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan): boolean {
  const byId = new Map(spans().map((s) => [s.spanContext().spanId, s]));
  let parent = parentOf(span);
  while (parent) {
    if (parent === ancestor.spanContext().spanId) return true;
    const next = byId.get(parent);
    parent = next && parentOf(next);
  }
  return false;
}

describeEachDatabase(
  "traces",
  (t) => {
    beforeEach(() => exporter.reset());

    it("makes an enquiry's request, its SQL and the jobs it stored one trace, and names the trace on its log lines", { timeout: 30_000 }, async () => {
      const email = `trace-enquiry-${t().dialect}@example.com`;
      const response = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        payload: { firstName: "Ada", lastName: "Lovelace", email, confirmEmail: email, comments: "Tokenizing a solar park." },
      });
      expect(response.statusCode).toBe(201);

      const request = await until("spans", () => spans().find((s) => s.name === "request" && s.attributes["http.route"] === "/api/v1/contacts"));
      const traceId = request.spanContext().traceId;
      const job = await until("spans", () => spans().find((s) => s.name.startsWith("job event.") && s.spanContext().traceId === traceId));
      expect(await until("spans", () => descendsFrom(job, request) || undefined)).toBe(true);
      if (t().dialect === "sqlite") {
        const statements = spans().filter((s) => s.attributes["db.system"] === "sqlite" && s.spanContext().traceId === traceId);
        const insert = statements.find((s) => String(s.attributes["db.statement"]).startsWith('insert into "contacts"'));
        expect(insert && descendsFrom(insert, request)).toBe(true);
        // The job's row carries the trace it was sent in.
        expect(statements.some((s) => String(s.attributes["db.statement"]).startsWith('insert into "jobs"'))).toBe(true);
      } else {
        // pg-boss's own spans: the job's insert into pg-boss, which the relay of pending jobs makes later in
        // the trace the job was sent in (under the request), and its processing continuing it.
        expect(
          await until(
            "spans",
            () => spans().some((s) => s.name.startsWith("insert event.") && s.instrumentationScope.name === "pg-boss" && descendsFrom(s, request)) || undefined,
          ),
        ).toBe(true);
      }
      // Statements are recorded with placeholders: no span carries what the person typed.
      const everything = JSON.stringify(spans().map((s) => s.attributes));
      expect(everything).not.toContain(email);
      expect(everything).not.toContain("solar park");

      const accessLine = logLines.findLast((l) => l.msg === "request completed" && l.url === "/api/v1/contacts");
      expect(accessLine?.trace_id).toBe(traceId);
      expect(typeof accessLine?.span_id).toBe("string");
    });

    it("puts a presale registration's confirmation e-mail job and its send in the registration's trace", { timeout: 30_000 }, async () => {
      const response = await t().app.inject({
        method: "POST",
        url: "/api/v1/presale",
        payload: {
          fullName: "Kwame Mensah",
          email: `trace-presale-${t().dialect}@example.com`,
          walletAddress: t().dialect === "sqlite" ? "0x1234567890abcdef1234567890abcdef12345678" : "0x2234567890abcdef1234567890abcdef12345678",
          investmentRange: "$1,000 - $5,000",
          cryptoExperience: "Intermediate",
          reference: "Discord",
          additionalInfo: "long-term",
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const request = await until("spans", () => spans().find((s) => s.name === "request" && s.attributes["http.route"] === "/api/v1/presale"));
      const traceId = request.spanContext().traceId;
      const send = await until("spans", () => spans().find((s) => s.name === "email send" && s.spanContext().traceId === traceId));
      // The job's span ends after the send inside it, so it can be exported in a later batch. A
      // lead's confirmation e-mail is decided and sent by its own job (leads.confirmation).
      const mailJob = await until("spans", () => spans().find((s) => s.name === "job leads.confirmation" && s.spanContext().traceId === traceId));
      expect(parentOf(send)).toBe(mailJob.spanContext().spanId);
      // On PostgreSQL the job runs inside pg-boss's span, which ends (and is exported) after it.
      expect(await until("spans", () => descendsFrom(mailJob, request) || undefined)).toBe(true);
    });

    it("runs each job of a batch in its own sender's trace", { timeout: 30_000 }, async (ctx) => {
      const { config, database } = t();
      if (config.database.dialect !== "postgres") return ctx.skip();
      // A kind of its own, which the app's workers do not take: its jobs wait for this queue's workers.
      const queue = pgBossQueue(config.database.url, database.db as unknown as PendingJobsDb, { pollingIntervalSeconds: 0.5 });
      const ranIn = new Map<number, string | undefined>();
      queue.define<{ n: number }>(
        "traced-batch",
        async ({ n }) => {
          ranIn.set(n, trace.getActiveSpan()?.spanContext().traceId);
        },
        { batchSize: 4 },
      );
      const numbers = Array.from({ length: 12 }, (_, i) => i);
      const senders: string[] = [];
      for (const n of numbers) {
        await inSpan(`send ${n}`, {}, async () => {
          senders.push(trace.getActiveSpan()?.spanContext().traceId ?? "");
          await database.db.transaction().execute((trx) => queue.send("traced-batch", { n }, { trx }));
        });
      }
      // The workers start once every job is in pg-boss: however their first fetches interleave,
      // some fetch takes more than one of the twelve.
      const moved = async () =>
        Number((await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'traced-batch'`.execute(database.db)).rows[0]?.n) ===
        numbers.length;
      try {
        await until("the jobs in pg-boss", moved);
        await queue.start();
        await until("every job run", () => ranIn.size === numbers.length || undefined);
      } finally {
        await queue.stop();
      }
      expect(new Set(senders).size).toBe(numbers.length);
      expect(numbers.map((n) => ranIn.get(n))).toEqual(senders);
      const claims = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'traced-batch' group by started_on`.execute(database.db);
      expect(Math.max(...claims.rows.map((row) => row.n))).toBeGreaterThan(1);
    });
  },
  // The team is told of enquiries, so an enquiry stores its notification job (a lead nobody is told of stores none).
  { logger: { level: "info", stream: logStream }, env: { RATE_LIMITS: "off", NOTIFY_EMAILS: "contact=sales@vestin.test" } },
);

describe("tracing off", () => {
  it("runs the work without spans and stores no trace context", async () => {
    deactivateTracing();
    try {
      exporter.reset();
      const parent = trace.getTracer("test").startSpan("outer");
      await context.with(trace.setSpan(context.active(), parent), async () => {
        expect(await inSpan("ignored", {}, async () => 1)).toBe(1);
        expect(await inSqliteSpan("select 1", async () => 2)).toBe(2);
        expect(traceContextToStore()).toBeNull();
      });
      parent.end();
      expect(spans().map((s) => s.name)).toEqual(["outer"]);
    } finally {
      activateTracing(() => provider.forceFlush());
    }
  });
});

describe("incoming requests", () => {
  const incoming = (url: string, remoteAddress: string) =>
    ({
      url,
      socket: { remoteAddress },
      headers: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", tracestate: "a=b", baggage: "k=v", host: "vestin.io" },
    }) as unknown as IncomingMessage;

  it("leaves probes and scrapes untraced", () => {
    expect(untracedRequest(incoming("/api/v1/health/ready", "10.0.0.2"))).toBe(true);
    expect(untracedRequest(incoming("/api/v1/health", "10.0.0.2"))).toBe(true);
    expect(untracedRequest(incoming("/metrics", "10.0.0.2"))).toBe(true);
    expect(untracedRequest(incoming("/api/v1/healthy-eating", "10.0.0.2"))).toBe(false);
  });

  it("keeps a trace begun elsewhere only from a trusted proxy", () => {
    const fromProxy = incoming("/api/v1/contacts", "10.0.0.2");
    expect(untracedRequest(fromProxy)).toBe(false);
    expect(fromProxy.headers.traceparent).toBeDefined();
    const fromInternet = incoming("/api/v1/contacts", "203.0.113.9");
    expect(untracedRequest(fromInternet)).toBe(false);
    expect(Object.keys(fromInternet.headers)).toEqual(["host"]);
  });
});

describe("addresses on HTTP spans", () => {
  const recorder = () => {
    const attributes: Record<string, unknown> = {};
    return { attributes, span: { setAttribute: (key: string, value: unknown) => void Object.assign(attributes, { [key]: value }) } as unknown as Span };
  };

  it("records a secret query value of an incoming request as [redacted]", () => {
    const { attributes, span } = recorder();
    keepSecretsOutOfSpan(span, { url: "/confirm?token=abc123&lang=en" } as IncomingMessage);
    expect(attributes).toEqual({ "url.query": "token=[redacted]&lang=en" });
    const plain = recorder();
    keepSecretsOutOfSpan(plain.span, { url: "/api/v1/courses" } as IncomingMessage);
    expect(plain.attributes).toEqual({});
  });

  it("records a secret query value of an outgoing request (a webhook's address) as [redacted]", () => {
    const { attributes, span } = recorder();
    const outgoing = { protocol: "https:", host: "crm.example", path: "/hooks?api_key=s3cret&x=1", getHeader: () => "crm.example:8443" };
    keepSecretsOutOfSpan(span, outgoing as unknown as ClientRequest);
    expect(attributes).toEqual({ "url.full": "https://crm.example:8443/hooks?api_key=[redacted]&x=1" });
  });
});

describe("names of PostgreSQL statements' spans", () => {
  const named = (query: { text: string; name?: string }, database?: string) => {
    const names: string[] = [];
    nameStatementSpan({ updateName: (given: string) => names.push(given) } as unknown as Span, { query, connection: { database } });
    return names.at(-1);
  };

  it("gives the command alone, whatever white space follows it", () => {
    expect(named({ text: "\n      WITH\n      next as (select 1) update job set state = 'active'" }, "vestin")).toBe("pg.query:WITH vestin");
    expect(named({ text: "select\tnow()" }, "vestin")).toBe("pg.query:SELECT vestin");
    expect(named({ text: "commit;" })).toBe("pg.query:COMMIT");
  });

  it("gives a prepared statement's name", () => {
    expect(named({ text: "insert into presale_registrations (email) values ($1)", name: "INSERT presale_registrations #7" }, "vestin")).toBe(
      "pg.query:INSERT presale_registrations #7 vestin",
    );
  });
});
