/**
 * After `react-router build`: writes a Brotli (quality 11) and a gzip (level 9) copy next to each
 * text asset of build/client, which the server sends as they are (@fastify/static preCompressed)
 * instead of compressing every response at a fast, weaker level. A copy that is not smaller is
 * not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(js|mjs|css|svg|json|webmanifest|xml|txt|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(CLIENT)) {
  const source = readFileSync(file);
  if (source.length < 1024) continue;
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  if (br.length < source.length) writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += statSync(file).size;
  after += br.length;
}
console.log(`precompress: ${count} files, ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB with Brotli`);
