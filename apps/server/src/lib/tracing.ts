import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";
import type { ClientRequest, IncomingMessage } from "node:http";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { loggableUrl } from "./access-log.ts";
import { isTrustedProxy } from "./request-id.ts";

/**
 * The server's own spans (ADR 28): SQLite statements, page renders, e-mail sends and job runs.
 * Written against @opentelemetry/api only. Tracing is on when the process was started with the
 * SDK (src/tracing.ts, loaded with `--import`) and off otherwise; while it is off every helper
 * here calls its work directly, so a server without tracing pays one boolean test per span.
 */

let active = false;
let flush: () => Promise<void> = async () => {};

/** Turns the helpers on (the SDK is registered) and names what sends the last spans at shutdown. */
export function activateTracing(onShutdown: () => Promise<void> = async () => {}): void {
  active = true;
  flush = onShutdown;
}

/** Back to off (tests that registered an SDK of their own). */
export function deactivateTracing(): void {
  active = false;
  flush = async () => {};
}

export function tracingActive(): boolean {
  return active;
}

/** Sends the spans still buffered (the server's shutdown); nothing when tracing is off. */
export async function flushTraces(): Promise<void> {
  await flush().catch(() => {});
}

const tracer = () => trace.getTracer("vestin");

type SpanOptions = {
  kind?: SpanKind;
  /** The parent; the active context by default. */
  parent?: Context;
  /**
   * Only as a child of another span: work that runs on a timer (the job queue's polling) would
   * otherwise start a trace of its own every few hundred milliseconds.
   */
  requireParent?: boolean;
};

/** Runs `work` in a span named `name`; the span records the error `work` throws, and ends with it. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, options: SpanOptions = {}): Promise<T> {
  if (!active) return work();
  const parent = options.parent ?? context.active();
  if (options.requireParent && !trace.getSpan(parent)) return work();
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, parent, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : "error" });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Statements are recorded as their SQL text (with placeholders, never the values), cut to this length. */
export const MAX_STATEMENT_LENGTH = 1000;

/** One SQLite statement's span: the statement's text, never its parameters. */
export function inSqliteSpan<T>(statement: string, work: () => Promise<T>): Promise<T> {
  if (!active) return work();
  const text = statement.length > MAX_STATEMENT_LENGTH ? `${statement.slice(0, MAX_STATEMENT_LENGTH)}…` : statement;
  const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? "SQL";
  return inSpan(`sqlite ${operation}`, { "db.system": "sqlite", "db.system.name": "sqlite", "db.statement": text, "db.operation.name": operation }, work, {
    kind: SpanKind.CLIENT,
    requireParent: true,
  });
}

/**
 * A PostgreSQL statement's span name, "pg.query:" then its command (a prepared statement: its
 * name) and the database, as the instrumentation names it, except that the command ends at the
 * first white space of any kind: the instrumentation cuts it at the first space only, so a
 * statement written as "WITH" and a line break (the job queue's claim) kept the break in its name.
 */
export function nameStatementSpan(span: Span, statement: { query: { text: string; name?: string }; connection: { database?: string } }): void {
  const command = statement.query.name || (/^\s*([^\s;]*)/.exec(statement.query.text)?.[1] ?? "").toUpperCase();
  span.updateName(`pg.query:${command}${statement.connection.database ? ` ${statement.connection.database}` : ""}`);
}

/** Trace context is stored with a job as W3C traceparent/tracestate only (no baggage). */
const jobPropagator = new W3CTraceContextPropagator();

/** The active trace context as stored with a job (JSON of its traceparent header), or null when there is none. */
export function traceContextToStore(): string | null {
  if (!active) return null;
  const carrier: Record<string, string> = {};
  jobPropagator.inject(context.active(), carrier, {
    set: (c, key, value) => {
      c[key] = value;
    },
  });
  return carrier.traceparent ? JSON.stringify(carrier) : null;
}

/** Runs `work` in the trace context a job was stored with, so its spans join the trace that sent it. */
export function inStoredTraceContext<T>(stored: string | null | undefined, work: () => Promise<T>): Promise<T> {
  if (!active || !stored) return work();
  let carrier: Record<string, string>;
  try {
    carrier = JSON.parse(stored) as Record<string, string>;
  } catch {
    return work();
  }
  const parent = jobPropagator.extract(ROOT_CONTEXT, carrier, {
    get: (c, key) => (typeof c[key] === "string" ? c[key] : undefined),
    keys: (c) => Object.keys(c),
  });
  return context.with(parent, work);
}

/** A job run's span, a child of the context the queue restored (the sender's trace). */
export function inJobSpan<T>(name: string, job: { id: string; attempt: number }, work: () => Promise<T>): Promise<T> {
  if (!active) return work();
  return inSpan(`job ${name}`, { "vestin.job.name": name, "vestin.job.id": job.id, "vestin.job.attempt": job.attempt }, work, { kind: SpanKind.CONSUMER });
}

/** Probes and scrapes arrive every few seconds from machines, not people: they make no traces. */
const UNTRACED_PATHS = /^\/(?:api\/v1\/health(?:\/|$|\?)|metrics(?:$|\?))/;
/** The headers that would make a request join a trace begun elsewhere. */
const TRACE_HEADERS = ["traceparent", "tracestate", "baggage"];

/**
 * Decides whether an incoming request is traced, and keeps a trace begun elsewhere only from a
 * trusted proxy (the request ids' rule, lib/request-id.ts): a client on the internet can neither
 * force its requests to be sampled nor put them into a trace of its choosing. It runs before the
 * HTTP instrumentation reads the headers, so it drops them from other clients' requests here.
 */
export function untracedRequest(request: IncomingMessage): boolean {
  if (UNTRACED_PATHS.test(request.url ?? "")) return true;
  if (!isTrustedProxy(request.socket?.remoteAddress)) for (const header of TRACE_HEADERS) delete request.headers[header];
  return false;
}

/**
 * An HTTP span's address as the logs keep it (lib/access-log.ts): a query parameter whose name
 * says it holds a secret (a confirmation token, a reset code, a webhook's key) is recorded as
 * [redacted]. The HTTP instrumentation's own list of such names is short and exact; this replaces
 * what it recorded, on incoming requests (`url.query`) and outgoing ones (`url.full`).
 */
export function keepSecretsOutOfSpan(span: Span, request: ClientRequest | IncomingMessage): void {
  if ("getHeader" in request) {
    const host = request.getHeader("host");
    span.setAttribute("url.full", `${request.protocol}//${typeof host === "string" ? host : request.host}${loggableUrl(request.path)}`);
    return;
  }
  const url = loggableUrl(request.url ?? "");
  const mark = url.indexOf("?");
  if (mark !== -1) span.setAttribute("url.query", url.slice(mark + 1));
}

/** The fields every log line gets while tracing is on (pino's mixin): the active span's trace and span ids. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  // Unsampled spans are never exported: a trace id that leads nowhere is left out.
  if ((traceFlags & 1) === 0) return {};
  return { trace_id: traceId, span_id: spanId };
}
