import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { chooseEncoding, encodeOnce, formOf, matchesEtag, MIN_COMPRESSED_BYTES, sendEncoded } from "./encoded-body.ts";

const BIG = Buffer.from(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, title: "Fractional ownership, explained" })) }));

describe("encoded bodies", () => {
  it("makes each form once, when first asked for, however many ask at once, and leaves small bodies alone", async () => {
    const body = encodeOnce(BIG);
    expect(body.forms).toEqual({});
    const asked = [formOf(body, "br"), formOf(body, "br")];
    expect(asked[0]).toBe(asked[1]);
    const br = await asked[0]!;
    expect(brotliDecompressSync(br).equals(BIG)).toBe(true);
    expect(formOf(body, "br")).toBe(br);
    expect(body.forms.gzip).toBeUndefined();
    expect(gunzipSync(await formOf(body, "gzip")).equals(BIG)).toBe(true);
    const small = encodeOnce(Buffer.alloc(MIN_COMPRESSED_BYTES - 1, "a"));
    expect(small.compressible).toBe(false);
    expect(chooseEncoding("br, gzip", small)).toBe("identity");
  });

  it("honours Accept-Encoding preferences and refusals", async () => {
    const body = encodeOnce(BIG);
    expect(chooseEncoding("gzip, deflate, br, zstd", body)).toBe("br");
    expect(chooseEncoding("gzip", body)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", body)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.1", body)).toBe("gzip");
    expect(chooseEncoding("zstd, deflate", body)).toBe("identity");
    expect(chooseEncoding("", body)).toBe("identity");
    expect(chooseEncoding(undefined, body)).toBe("identity");
    expect(chooseEncoding("*", body)).toBe("br");
  });

  it("compares entity tags weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abcd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it("sends the stored form with Vary, the ETag and Age, and 304 when the client holds it", async () => {
    const body = encodeOnce(BIG);
    const app = Fastify();
    app.get("/x", (request, reply) =>
      sendEncoded(request, reply, body, { contentType: "application/json", cacheControl: "public, max-age=0", ageSeconds: 7, vary: ["Authorization"] }),
    );
    const br = await app.inject({ url: "/x", headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).equals(BIG)).toBe(true);
    expect(br.rawPayload.equals(body.forms.br!)).toBe(true);
    expect(br.headers.vary).toBe("Accept-Encoding, Authorization");
    expect(br.headers.age).toBe("7");
    expect(br.headers["cache-control"]).toBe("public, max-age=0");
    const plain = await app.inject({ url: "/x" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(BIG)).toBe(true);
    expect(plain.headers.etag).toBe(br.headers.etag);
    const again = await app.inject({ url: "/x", headers: { "if-none-match": String(br.headers.etag), "accept-encoding": "br" } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    await app.close();
  });
});
