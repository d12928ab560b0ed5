import http from "node:http";
import { expect } from "vitest";
import { MESSAGES } from "@vestin/shared/api";

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON of whichever route answered; each test reads the fields it checks
  body: any;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
};

export type RequestOptions = {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Fail (reject) when the whole answer has not arrived by then. */
  timeoutMs?: number;
  agent?: http.Agent;
};

/**
 * One JSON request over node:http (not fetch): an explicit agent decides how many sockets a burst
 * opens, and a reset connection (the server was killed) surfaces as a rejected promise.
 */
export function request(baseUrl: string, path: string, options: RequestOptions = {}): Promise<Reply> {
  const started = performance.now();
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<Reply>((resolveReply, rejectReply) => {
    let timer: NodeJS.Timeout | undefined;
    const resolve = (reply: Reply) => {
      clearTimeout(timer);
      resolveReply(reply);
    };
    const reject = (err: unknown) => {
      clearTimeout(timer);
      rejectReply(err);
    };
    const req = http.request(
      url,
      {
        method: options.method ?? (payload === undefined ? "GET" : "POST"),
        agent: options.agent,
        headers: {
          accept: "application/json",
          ...(payload !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("aborted", () => reject(new Error("response aborted")));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          if ((res.headers["content-type"] ?? "").includes("json") && text) {
            try {
              body = JSON.parse(text);
            } catch {
              // leave the text
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
        });
      },
    );
    req.on("error", reject);
    if (options.timeoutMs) {
      timer = setTimeout(() => req.destroy(new Error(`no answer to ${path} within ${options.timeoutMs} ms`)), options.timeoutMs);
    }
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Runs tasks with at most `limit` in flight. */
export async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * The answer every API route gives while the database is out of reach: a quick 503 in the
 * envelope, JSON, with a Retry-After the client can wait for. `name` labels a failure.
 */
export function expectDatabaseDownAnswer(name: string, reply: Reply): void {
  expect({ probe: name, status: reply.status, body: reply.body }).toEqual({
    probe: name,
    status: 503,
    body: { success: false, message: MESSAGES.databaseDown, requestId: expect.any(String) },
  });
  expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  expect(reply.headers["retry-after"]).toMatch(/^\d+$/);
}
