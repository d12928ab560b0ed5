import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PER_REQUEST_INLINE_MAX_BYTES } from "../lib/encoded-body.ts";
import { compressionPlugin } from "./compression.ts";

const CHROME = "gzip, deflate, br, zstd";
const SAFARI = "gzip, deflate, br";

/** A JSON answer of about `bytes` bytes, text that compresses as a real answer does. */
function answerOf(bytes: number): string {
  const rows: Array<{ id: number; title: string; note: string }> = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const row = { id: i, title: `Lesson ${i}: how a tokenized asset is held`, note: `Seat ${(i * 7919) % 1000} of the pool, ${i % 13} votes` };
    rows.push(row);
    length += JSON.stringify(row).length + 1;
  }
  return JSON.stringify({ success: true, data: rows });
}

describe("answers compressed per request", () => {
  const app = Fastify();
  const bodies = { small: answerOf(600), page: answerOf(100 * 1024), export: answerOf(PER_REQUEST_INLINE_MAX_BYTES + 50 * 1024) };
  beforeAll(async () => {
    await app.register(compressionPlugin);
    app.get("/:size", (request, reply) => reply.type("application/json").send(bodies[(request.params as { size: keyof typeof bodies }).size]));
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (size: keyof typeof bodies, acceptEncoding: string) => app.inject({ url: `/${size}`, headers: { "accept-encoding": acceptEncoding } });

  it("go out in zstd to a browser that accepts it, in brotli to one that does not, and as the client prefers", async () => {
    const chrome = await get("page", CHROME);
    expect(chrome.headers["content-encoding"]).toBe("zstd");
    expect(zstdDecompressSync(chrome.rawPayload).toString()).toBe(bodies.page);
    const safari = await get("page", SAFARI);
    expect(safari.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(safari.rawPayload).toString()).toBe(bodies.page);
    const prefersGzip = await get("page", "gzip, zstd;q=0.5");
    expect(prefersGzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(prefersGzip.rawPayload).toString()).toBe(bodies.page);
    const small = await get("small", CHROME);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe(bodies.small);
  });

  it("are compressed in one call up to the inline bound, so their length is sent; larger ones are streamed", async () => {
    for (const acceptEncoding of [CHROME, SAFARI]) {
      const page = await get("page", acceptEncoding);
      expect(page.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(page.headers["content-length"])).toBe(page.rawPayload.length);
    }
    const exported = await get("export", CHROME);
    expect(exported.headers["content-encoding"]).toBe("zstd");
    expect(exported.headers["content-length"]).toBeUndefined();
    expect(zstdDecompressSync(exported.rawPayload).toString()).toBe(bodies.export);
  });
});
