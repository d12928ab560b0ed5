import { parse } from "yaml";

/** Splits a Markdown file into its YAML front matter and body. */
export function parseFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: unknown = parse(match[1] ?? "");
  return { data: data && typeof data === "object" ? (data as Record<string, unknown>) : {}, body: match[2] ?? "" };
}
