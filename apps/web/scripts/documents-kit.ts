/** What both documents share: the Markdown subset they are written in, the brand palette and fonts, and the drawing helpers. */
import type PDFDocument from "pdfkit";

/** The brand palette (docs/content-brief.md). */
export const C = {
  navy: "#0B1530",
  nearBlack: "#070B18",
  slate: "#1E293B",
  lightGrey: "#F1F5F9",
  line: "#E2E8F0",
  ink: "#0F172A",
  muted: "#475569",
  teal: "#14B8A6",
  tealDark: "#0F766E",
  violet: "#7C3AED",
  white: "#FFFFFF",
};

export const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

export type Block =
  | { kind: "h1" | "h2" | "h3"; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "stat"; value: string; label: string }
  | { kind: "swatch"; hex: string; name: string; usage: string }
  | { kind: "figure"; name: string };

export type Doc = InstanceType<typeof PDFDocument>;

/**
 * The small Markdown subset the sources use: #, ##, ###, paragraphs, "- " lists, "= value | label"
 * figures, "~ #hex | name | usage" colour swatches and "! name" drawings the layout knows by name.
 */
export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", text: paragraph.join(" ") });
    paragraph = [];
    if (list) blocks.push({ kind: "ul", items: list });
    list = null;
  };
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      blocks.push({ kind: level === 1 ? "h1" : level === 2 ? "h2" : "h3", text: heading[2] ?? "" });
    } else if (line.startsWith("- ")) {
      if (paragraph.length) flush();
      list ??= [];
      list.push(line.slice(2));
    } else if (line.startsWith("= ")) {
      flush();
      const [value = "", label = ""] = line
        .slice(2)
        .split("|")
        .map((part) => part.trim());
      blocks.push({ kind: "stat", value, label });
    } else if (line.startsWith("~ ")) {
      flush();
      const [hex = "", name = "", usage = ""] = line
        .slice(2)
        .split("|")
        .map((part) => part.trim());
      if (!/^#[0-9A-F]{6}$/i.test(hex)) throw new Error(`"${line}": a swatch starts with a #RRGGBB colour`);
      blocks.push({ kind: "swatch", hex, name, usage });
    } else if (line.startsWith("! ")) {
      flush();
      blocks.push({ kind: "figure", name: line.slice(2).trim() });
    } else if (list) {
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Writes text with **bold** runs, continuing on one flow. */
export function richText(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions & { size: number; color: string }, x?: number, y?: number) {
  const runs = text.split(/(\*\*[^*]+\*\*)/).filter(Boolean);
  doc.fillColor(options.color).fontSize(options.size);
  runs.forEach((run, index) => {
    const bold = run.startsWith("**") && run.endsWith("**");
    doc.font(bold ? FONT.bold : FONT.regular);
    const content = bold ? run.slice(2, -2) : run;
    const last = index === runs.length - 1;
    if (index === 0 && x !== undefined && y !== undefined) doc.text(content, x, y, { ...options, continued: !last });
    else doc.text(content, { ...options, continued: !last });
  });
}

export function plain(text: string): string {
  return text.replace(/\*\*/g, "");
}

export function gradient(doc: Doc, x1: number, y1: number, x2: number, y2: number) {
  return doc.linearGradient(x1, y1, x2, y2).stop(0, C.teal).stop(1, C.violet);
}

/** The Vestin mark: a gradient rounded square with a white V. */
export function logoMark(doc: Doc, x: number, y: number, size: number) {
  doc.save();
  doc.roundedRect(x, y, size, size, size * 0.28).fill(gradient(doc, x, y, x + size, y + size));
  doc
    .moveTo(x + size * 0.25, y + size * 0.3)
    .lineTo(x + size * 0.5, y + size * 0.72)
    .lineTo(x + size * 0.75, y + size * 0.3)
    .lineWidth(size * 0.1)
    .lineCap("round")
    .lineJoin("round")
    .strokeColor(C.white)
    .stroke();
  doc.restore();
}
