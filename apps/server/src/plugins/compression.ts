import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fp from "fastify-plugin";
import { MIN_COMPRESSED_BYTES, PER_REQUEST_BROTLI_QUALITY, PER_REQUEST_GZIP_LEVEL } from "../lib/encoded-body.ts";

/**
 * Answers made per request (personal answers, errors, uncached pages) are compressed at a cheap
 * level; cached pages and public answers carry their stored forms and pass through untouched
 * (lib/encoded-body.ts).
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: MIN_COMPRESSED_BYTES,
      encodings: ["br", "gzip"],
      brotliOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      },
      zlibOptions: { level: PER_REQUEST_GZIP_LEVEL },
    });
  },
  { name: "compression" },
);
