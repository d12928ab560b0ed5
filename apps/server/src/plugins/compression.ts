import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fp from "fastify-plugin";
import {
  MIN_COMPRESSED_BYTES,
  PER_REQUEST_BROTLI_QUALITY,
  PER_REQUEST_ENCODINGS,
  PER_REQUEST_GZIP_LEVEL,
  PER_REQUEST_INLINE_MAX_BYTES,
} from "../lib/encoded-body.ts";

/**
 * Answers made per request (personal answers, errors, uncached pages) are compressed at a cheap
 * level, in zstd where the client accepts it, inline up to PER_REQUEST_INLINE_MAX_BYTES; cached
 * pages and public answers carry their stored forms and pass through untouched
 * (lib/encoded-body.ts).
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: MIN_COMPRESSED_BYTES,
      syncThreshold: PER_REQUEST_INLINE_MAX_BYTES,
      encodings: [...PER_REQUEST_ENCODINGS],
      brotliOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      },
      // gzip's level; zstd, which reads these options too, ignores `level` and keeps its default (3).
      zlibOptions: { level: PER_REQUEST_GZIP_LEVEL },
    });
  },
  { name: "compression" },
);
