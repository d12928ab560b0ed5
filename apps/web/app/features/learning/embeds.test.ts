import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP_DIR = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx$/.test(name) ? [full] : [];
  });
}

describe("embedded frames", () => {
  it("give every iframe a title, so a screen reader can say what it holds", () => {
    const frames: Array<{ file: string; tag: string }> = [];
    for (const file of sources(APP_DIR)) {
      for (const match of readFileSync(file, "utf8").matchAll(/<iframe\b[^>]*>/g)) frames.push({ file: path.relative(APP_DIR, file), tag: match[0] });
    }
    expect(frames.length).toBeGreaterThan(0);
    for (const { file, tag } of frames) expect(tag, file).toMatch(/\btitle=\{?["`a-zA-Z]/);
  });
});
