/**
 * Starts OpenTelemetry tracing before the server's modules load (ADR 28). Loaded with
 * `node --import ./apps/server/src/tracing.ts apps/server/src/main.ts`, which `npm start` adds
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set or OTEL_TRACES_EXPORTER=otlp: without it the
 * server loads no SDK and no loader hook, and its own spans (lib/tracing.ts) are skipped.
 *
 * The SDK reads the standard variables itself: OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), OTEL_SERVICE_NAME (default here "vestin"),
 * OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG, OTEL_RESOURCE_ATTRIBUTES, OTEL_SDK_DISABLED.
 * Spans go out as OTLP over HTTP with JSON bodies, in batches.
 */
import { register as registerLoaderHooks } from "import-in-the-middle/register-hooks.mjs";

// The server is ES modules: a module is patched only if it loads through this loader hook, which
// intercepts the instrumented packages alone (the rest load as they would without tracing).
const INSTRUMENTED_PACKAGES = ["pg", "pg-pool", "ioredis"];

if (process.env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== "true") {
  registerLoaderHooks({ include: INSTRUMENTED_PACKAGES });
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { FastifyOtelInstrumentation },
    { defaultResource, resourceFromAttributes },
    { ATTR_SERVICE_NAME },
    { activateTracing, keepSecretsOutOfSpan, nameStatementSpan, untracedRequest },
  ] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-ioredis"),
    import("@fastify/otel"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/semantic-conventions"),
    import("./lib/tracing.ts"),
  ]);

  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, wins over this default (the SDK's environment detector).
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: "vestin" })),
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus's (GET /metrics), logs are the JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: untracedRequest,
        requestHook: keepSecretsOutOfSpan,
        // The exporter's own requests are never traced; other outgoing calls (SMTP is not HTTP)
        // are webhooks and sign-in providers, traced only inside a request or a job.
        requireParentforOutgoingSpans: true,
      }),
      // One span for the request and one for its handler; a span per hook would triple the spans
      // of every request for little (the hooks take microseconds).
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
      // Statement text with placeholders; never the parameters (enhancedDatabaseReporting off).
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false, requestHook: nameStatementSpan }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  activateTracing(() => sdk.shutdown());
}
