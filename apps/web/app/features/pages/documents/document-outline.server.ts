import pitchDeckSource from "~/content/documents/pitch-deck.md?raw";
import whitepaperSource from "~/content/documents/whitepaper.md?raw";

const SOURCES = { whitepaper: whitepaperSource, "pitch-deck": pitchDeckSource } as const;

/** The section (or slide) titles of a generated PDF, read from the same Markdown the PDF is built from. */
export function documentOutline(name: keyof typeof SOURCES): string[] {
  return SOURCES[name]
    .split("\n")
    .map((line) => /^##\s+(.+)$/.exec(line.trim())?.[1])
    .filter((title): title is string => Boolean(title));
}
