import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A response body kept with its compressed forms, made once when a cache entry is made, so a
 * cached page or public answer is sent as bytes: no compression, no hashing per request.
 * See docs/decisions/0009-static-speed.md for the measurements behind the levels.
 */
export type Encoding = "br" | "gzip" | "identity";

export type EncodedBody = {
  identity: Buffer;
  /** Absent when the body is too small for compression to pay (MIN_COMPRESSED_BYTES). */
  br?: Buffer;
  gzip?: Buffer;
  /** Weak: the same for every encoding of the same content. */
  etag: string;
  /** All forms together, for the caches' memory bounds. */
  bytes: number;
};

/** Below this a compressed body saves less than the header it needs and the CPU it costs. */
export const MIN_COMPRESSED_BYTES = 1024;
/**
 * Stored forms. Brotli 9 gives within 2 % of quality 11's size on our pages at a tenth of its time
 * (a cold render must stay fast); gzip 9 costs little more than 6 on bodies this size.
 */
export const STORED_BROTLI_QUALITY = 9;
export const STORED_GZIP_LEVEL = 9;
/** Answers compressed per request (never cached): the cheap end, where most of the saving already is. */
export const PER_REQUEST_BROTLI_QUALITY = 4;
export const PER_REQUEST_GZIP_LEVEL = 6;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function weakEtag(bytes: Buffer): string {
  return `W/"${createHash("sha1").update(bytes).digest("base64url")}"`;
}

/** Compresses once (off the event loop, in libuv's pool) and names the content. */
export async function encodeOnce(identity: Buffer): Promise<EncodedBody> {
  const etag = weakEtag(identity);
  if (identity.length < MIN_COMPRESSED_BYTES) return { identity, etag, bytes: identity.length };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: STORED_GZIP_LEVEL }),
  ]);
  return { identity, br, gzip: gz, etag, bytes: identity.length + br.length + gz.length };
}

const ENCODINGS = ["br", "gzip", "identity"];

/**
 * The form this request gets: what its Accept-Encoding prefers among the stored ones (q-values
 * honoured, `br;q=0` excluded), identity when it names none we have.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, body: EncodedBody): Encoding {
  if (!body.br) return "identity";
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return "identity";
  const picked = negotiate(header, ENCODINGS) as Encoding | null;
  return picked ?? "identity";
}

/** RFC 9110 weak comparison of an If-None-Match list with an entity tag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

export type SendEncodedOptions = {
  contentType: string;
  cacheControl: string;
  /** Seconds the content has been kept, for shared caches downstream (RFC 9111 Age). */
  ageSeconds?: number;
  /** Extra request headers the answer depends on, besides Accept-Encoding. */
  vary?: string[];
};

/** Sends the stored form this request asks for, or 304 when it already holds this content. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, options: SendEncodedOptions): FastifyReply {
  void reply.header("vary", ["Accept-Encoding", ...(options.vary ?? [])].join(", "));
  void reply.header("etag", body.etag);
  void reply.header("cache-control", options.cacheControl);
  if (options.ageSeconds !== undefined && options.ageSeconds > 0) void reply.header("age", String(options.ageSeconds));
  if (matchesEtag(request.headers["if-none-match"], body.etag)) return reply.status(304).send();
  void reply.header("content-type", options.contentType);
  const encoding = chooseEncoding(request.headers["accept-encoding"], body);
  if (encoding === "identity") return reply.send(body.identity);
  void reply.header("content-encoding", encoding);
  return reply.send(encoding === "br" ? body.br : body.gzip);
}
