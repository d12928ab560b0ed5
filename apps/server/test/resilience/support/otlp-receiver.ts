import http from "node:http";
import type { AddressInfo } from "node:net";

export const SPAN_KIND_SERVER = 2;

export type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; scope: string; attributes: Record<string, unknown> };

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpBody = {
  resourceSpans?: Array<{
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: Array<{ key: string; value: OtlpValue }>;
      }>;
    }>;
  }>;
};

/** An OTLP/HTTP receiver (JSON bodies on POST /v1/traces) keeping every span it is sent. */
export async function otlpReceiver(): Promise<{ url: string; spans: Span[]; paths: string[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      paths.push(`${req.method} ${req.url} ${req.headers["content-type"]}`);
      if (req.method === "POST" && req.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpBody;
        for (const resource of body.resourceSpans ?? []) {
          for (const scoped of resource.scopeSpans ?? []) {
            for (const span of scoped.spans ?? []) {
              const attributes = Object.fromEntries(
                (span.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue ?? a.value.doubleValue]),
              );
              spans.push({ ...span, scope: scoped.scope?.name ?? "", attributes });
            }
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
