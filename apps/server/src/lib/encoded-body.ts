import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A response body kept with its compressed forms, so a cached page or public answer is sent as
 * bytes: no compression, no hashing per request. Each form is made once per entry, the first time
 * a client asks for it (off the event loop, one compression however many ask at once): an answer
 * that a page's loader reads in-process is never compressed for nothing, and a gzip form exists
 * only if some client still wants gzip. See docs/decisions/0009-static-speed.md for the levels.
 */
export type Encoding = "br" | "gzip" | "identity";

export type EncodedBody = {
  identity: Buffer;
  /** Whether the body is large enough for compression to pay (MIN_COMPRESSED_BYTES). */
  compressible: boolean;
  /** The compressed forms made so far. */
  forms: { br?: Buffer; gzip?: Buffer };
  /** Compressions under way. */
  making: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
  /** Weak: the same for every encoding of the same content. */
  etag: string;
  /** The identity bytes plus room for both forms, for the caches' memory bounds. */
  bytes: number;
};

/** Below this a compressed body saves less than the header it needs and the CPU it costs. */
export const MIN_COMPRESSED_BYTES = 1024;
/**
 * Stored forms. Brotli 5 is within 2 % of quality 9's size on our pages at a tenth of its time
 * (ADR 9's table); gzip 6 is within 0.5 % of gzip 9.
 */
export const STORED_BROTLI_QUALITY = 5;
export const STORED_GZIP_LEVEL = 6;
/**
 * Answers compressed per request (never cached): the cheap end, where most of the saving already
 * is. zstd first for the clients that accept it (Chrome, Edge and Firefox say so), at its default
 * level (3): on a 7 KB answer 29 µs against brotli 4's 79 µs for 2.5 % more bytes, on a 105 KB page
 * 105 µs against 519 µs for 6 % more. Others get brotli 4, then gzip 6.
 */
export const PER_REQUEST_ENCODINGS = ["zstd", "br", "gzip"] as const;
export const PER_REQUEST_BROTLI_QUALITY = 4;
export const PER_REQUEST_GZIP_LEVEL = 6;
/**
 * Answers up to this size are compressed inline, in one call, rather than through a zlib stream
 * on the thread pool: a stream costs far more CPU than the compression itself (an assessment
 * submit, whose answers run 7–14 KB, took 1.28–1.43 ms of server CPU with streams above 8 KB,
 * 1.06–1.18 ms inline in brotli, 0.96–1.07 ms inline in zstd). Beyond it a body is rare (a large
 * export) and its compression would hold the event loop too long.
 */
export const PER_REQUEST_INLINE_MAX_BYTES = 256 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function weakEtag(bytes: Buffer): string {
  return `W/"${createHash("sha1").update(bytes).digest("base64url")}"`;
}

/** Names the content; its compressed forms are made when first asked for (`formOf`). */
export function encodeOnce(identity: Buffer): EncodedBody {
  const compressible = identity.length >= MIN_COMPRESSED_BYTES;
  // Brotli and gzip of text pages and JSON come to a fifth to a third of the identity bytes.
  return { identity, compressible, forms: {}, making: {}, etag: weakEtag(identity), bytes: compressible ? Math.ceil(identity.length * 1.6) : identity.length };
}

/** The stored form for `encoding`, made now if no client asked for it before. */
export function formOf(body: EncodedBody, encoding: "br" | "gzip"): Buffer | Promise<Buffer> {
  const made = body.forms[encoding];
  if (made) return made;
  const making = body.making[encoding];
  if (making) return making;
  const promise = (
    encoding === "br"
      ? brotli(body.identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.identity.length,
          },
        })
      : gzip(body.identity, { level: STORED_GZIP_LEVEL })
  ).then((bytes) => {
    body.forms[encoding] = bytes;
    delete body.making[encoding];
    return bytes;
  });
  body.making[encoding] = promise;
  return promise;
}

const ENCODINGS = ["br", "gzip", "identity"];

/**
 * The form this request gets: what its Accept-Encoding prefers among the stored ones (q-values
 * honoured, `br;q=0` excluded), identity when it names none we have.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, body: EncodedBody): Encoding {
  if (!body.compressible) return "identity";
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

/**
 * Sends the stored form this request asks for, or 304 when it already holds this content. Returns
 * a promise only when the form has to be made first (the first client to ask for it).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  options: SendEncodedOptions,
): FastifyReply | Promise<FastifyReply> {
  void reply.header("vary", ["Accept-Encoding", ...(options.vary ?? [])].join(", "));
  void reply.header("etag", body.etag);
  void reply.header("cache-control", options.cacheControl);
  if (options.ageSeconds !== undefined && options.ageSeconds > 0) void reply.header("age", String(options.ageSeconds));
  if (matchesEtag(request.headers["if-none-match"], body.etag)) return reply.status(304).send();
  void reply.header("content-type", options.contentType);
  const encoding = chooseEncoding(request.headers["accept-encoding"], body);
  if (encoding === "identity") return reply.send(body.identity);
  void reply.header("content-encoding", encoding);
  const form = formOf(body, encoding);
  return Buffer.isBuffer(form) ? reply.send(form) : form.then((bytes) => reply.send(bytes));
}

/** Whether this request's form is ready, so it can be sent without waiting (early answers). */
export function formReady(request: FastifyRequest, body: EncodedBody): boolean {
  const encoding = chooseEncoding(request.headers["accept-encoding"], body);
  return encoding === "identity" || body.forms[encoding] !== undefined;
}
