/**
 * Builds the whitepaper, brand guidelines and pitch deck PDFs from their Markdown sources (app/content/documents)
 * into build/client/documents, where the server serves them as static files. Runs after
 * `react-router build` (see package.json); plain Node 24 runs this file directly.
 */
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import { brandGuidelines } from "./documents-brand-guidelines.ts";
import type { Doc } from "./documents-kit.ts";
import { pitchDeck } from "./documents-pitch-deck.ts";
import { whitepaper } from "./documents-paper.ts";

const WEB_DIR = path.resolve(import.meta.dirname, "..");
const SOURCE_DIR = path.join(WEB_DIR, "app/content/documents");
const OUT_DIR = path.join(WEB_DIR, "build/client/documents");

async function save(doc: Doc, fileName: string): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const target = path.join(OUT_DIR, fileName);
  const stream = createWriteStream(target);
  doc.pipe(stream);
  doc.end();
  await finished(stream);
  console.log(`documents: wrote ${path.relative(WEB_DIR, target)}`);
}

await save(whitepaper(readFileSync(path.join(SOURCE_DIR, "whitepaper.md"), "utf8")), "vestin-whitepaper.pdf");
await save(brandGuidelines(readFileSync(path.join(SOURCE_DIR, "brand-guidelines.md"), "utf8")), "vestin-brand-guidelines.pdf");
await save(pitchDeck(readFileSync(path.join(SOURCE_DIR, "pitch-deck.md"), "utf8")), "vestin-pitch-deck.pdf");
