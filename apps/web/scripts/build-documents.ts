/**
 * Builds the whitepaper and pitch deck PDFs from their Markdown sources (app/content/documents)
 * into build/client/documents, where the server serves them as static files. Runs after
 * `react-router build` (see package.json); plain Node 24 runs this file directly.
 */
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import PDFDocument from "pdfkit";

const WEB_DIR = path.resolve(import.meta.dirname, "..");
const SOURCE_DIR = path.join(WEB_DIR, "app/content/documents");
const OUT_DIR = path.join(WEB_DIR, "build/client/documents");

/** The brand palette (docs/content-brief.md). */
const C = {
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

const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

type Block =
  | { kind: "h1" | "h2" | "h3"; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "stat"; value: string; label: string };

type Doc = InstanceType<typeof PDFDocument>;

/** The small Markdown subset the sources use: #, ##, ###, paragraphs, "- " lists, "= value | label" figures. */
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
function richText(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions & { size: number; color: string }, x?: number, y?: number) {
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

function plain(text: string): string {
  return text.replace(/\*\*/g, "");
}

function gradient(doc: Doc, x1: number, y1: number, x2: number, y2: number) {
  return doc.linearGradient(x1, y1, x2, y2).stop(0, C.teal).stop(1, C.violet);
}

/** The Vestin mark: a gradient rounded square with a white V. */
function logoMark(doc: Doc, x: number, y: number, size: number) {
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

async function save(doc: Doc, fileName: string): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const target = path.join(OUT_DIR, fileName);
  const stream = createWriteStream(target);
  doc.pipe(stream);
  doc.end();
  await finished(stream);
  console.log(`documents: wrote ${path.relative(WEB_DIR, target)}`);
}

/* ------------------------------------------------------------------ */
/* Whitepaper: A4 portrait, cover, linked contents, running header     */
/* ------------------------------------------------------------------ */

async function buildWhitepaper(): Promise<void> {
  const blocks = parseBlocks(readFileSync(path.join(SOURCE_DIR, "whitepaper.md"), "utf8"));
  const title = blocks.find((b) => b.kind === "h1");
  const subtitle = blocks.find((b) => b.kind === "p");
  const margin = { top: 78, bottom: 72, left: 66, right: 66 };
  const doc = new PDFDocument({
    size: "A4",
    margins: margin,
    bufferPages: true,
    autoFirstPage: false,
    displayTitle: true,
    lang: "en-US",
    info: {
      Title: "Vestin Whitepaper",
      Author: "Vestin Technologies Ltd",
      Subject: "Fractional ownership of real-world assets and the $VSTN utility token",
      Keywords: "Vestin, VSTN, tokenization, real-world assets, whitepaper",
    },
  });
  const width = () => doc.page.width - margin.left - margin.right;

  // Cover
  doc.addPage({ margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  const { width: pw, height: ph } = doc.page;
  doc.rect(0, 0, pw, ph).fill(C.navy);
  doc
    .circle(pw - 40, 120, 220)
    .fillOpacity(0.18)
    .fill(C.violet)
    .fillOpacity(1);
  doc
    .circle(40, ph - 80, 200)
    .fillOpacity(0.14)
    .fill(C.teal)
    .fillOpacity(1);
  logoMark(doc, 66, 90, 44);
  doc.font(FONT.bold).fontSize(22).fillColor(C.white).text("Vestin", 122, 100);
  doc.font(FONT.bold).fontSize(13).fillColor(C.teal).text("WHITEPAPER", 66, 300, { characterSpacing: 3 });
  doc
    .font(FONT.bold)
    .fontSize(40)
    .fillColor(C.white)
    .text(plain(title?.kind === "h1" ? title.text : "Vestin Whitepaper"), 66, 326, { width: pw - 132 });
  if (subtitle?.kind === "p")
    doc
      .font(FONT.regular)
      .fontSize(15)
      .fillColor("#CBD5E1")
      .text(subtitle.text, 66, doc.y + 14, { width: pw - 160, lineGap: 4 });
  doc.rect(66, ph - 150, 120, 4).fill(gradient(doc, 66, 0, 186, 0));
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(C.white)
    .text("Own more. Risk less.", 66, ph - 132);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor("#94A3B8")
    .text("Version 1.0. Vestin Technologies Ltd. Not investment advice.", 66, ph - 108);

  // Contents (filled in once the section pages are known)
  doc.addPage();
  const contentsPage = doc.bufferedPageRange().count - 1;

  // Body
  doc.addPage();
  const sections: Array<{ title: string; page: number; dest: string }> = [];
  const body = blocks.filter((b) => b !== title && b !== subtitle);
  const ensureSpace = (needed: number) => {
    if (doc.y + needed > doc.page.height - margin.bottom) doc.addPage();
  };
  for (const block of body) {
    switch (block.kind) {
      case "h1":
      case "h2": {
        ensureSpace(140);
        if (doc.y > margin.top + 10) doc.moveDown(1.4);
        const dest = `section-${sections.length + 1}`;
        doc.addNamedDestination(dest);
        sections.push({ title: plain(block.text), page: doc.bufferedPageRange().count, dest });
        doc.outline.addItem(plain(block.text));
        doc.rect(margin.left, doc.y, 28, 3).fill(gradient(doc, margin.left, 0, margin.left + 28, 0));
        doc.moveDown(0.6);
        doc.font(FONT.bold).fontSize(18).fillColor(C.navy).text(plain(block.text), margin.left, doc.y, { width: width() });
        doc.moveDown(0.5);
        break;
      }
      case "h3":
        ensureSpace(90);
        doc.moveDown(0.6);
        doc.font(FONT.bold).fontSize(12.5).fillColor(C.ink).text(plain(block.text), margin.left, doc.y, { width: width() });
        doc.moveDown(0.3);
        break;
      case "p":
        ensureSpace(40);
        richText(doc, block.text, { size: 10.5, color: C.slate, width: width(), lineGap: 3.2, align: "left" }, margin.left, doc.y);
        doc.moveDown(0.7);
        break;
      case "ul":
        for (const item of block.items) {
          ensureSpace(30);
          const y = doc.y;
          doc.circle(margin.left + 4, y + 6, 2.2).fill(C.teal);
          richText(doc, item, { size: 10.5, color: C.slate, width: width() - 16, lineGap: 3.2 }, margin.left + 16, y);
          doc.moveDown(0.35);
        }
        doc.moveDown(0.4);
        break;
      case "stat":
        richText(doc, `**${block.value}** ${block.label}`, { size: 11, color: C.ink, width: width() }, margin.left, doc.y);
        break;
    }
  }

  // Contents page
  doc.switchToPage(contentsPage);
  doc.font(FONT.bold).fontSize(13).fillColor(C.tealDark).text("CONTENTS", margin.left, margin.top, { characterSpacing: 3 });
  doc.moveDown(1.2);
  for (const section of sections) {
    const y = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(11.5)
      .fillColor(C.ink)
      .text(section.title, margin.left, y, { width: width() - 40, goTo: section.dest });
    doc.font(FONT.bold).fontSize(11.5).fillColor(C.muted).text(String(section.page), margin.left, y, { width: width(), align: "right", goTo: section.dest });
    doc
      .moveTo(margin.left, doc.y + 5)
      .lineTo(margin.left + width(), doc.y + 5)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc.y += 11;
  }

  // Running header and footer on every page after the cover
  const range = doc.bufferedPageRange();
  for (let index = 1; index < range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const { width: w, height: h } = doc.page;
    logoMark(doc, margin.left, 34, 14);
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(C.navy)
      .text("Vestin Whitepaper", margin.left + 20, 37.5, { lineBreak: false });
    doc
      .moveTo(margin.left, 58)
      .lineTo(w - margin.right, 58)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(C.muted)
      .text("Not investment advice. Vestin is not a broker-dealer, placement agent or financial adviser.", margin.left, h - 42, { lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(C.navy)
      .text(String(index + 1), w - margin.right - 40, h - 42, { width: 40, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  await save(doc, "vestin-whitepaper.pdf");
}

/* ------------------------------------------------------------------ */
/* Pitch deck: 16:9 slides separated by "---"                          */
/* ------------------------------------------------------------------ */

const SLIDE = { width: 960, height: 540 };

async function buildPitchDeck(): Promise<void> {
  const source = readFileSync(path.join(SOURCE_DIR, "pitch-deck.md"), "utf8");
  const slides = source.split(/^---\s*$/m).map(parseBlocks);
  const doc = new PDFDocument({
    size: [SLIDE.width, SLIDE.height],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    autoFirstPage: false,
    displayTitle: true,
    lang: "en-US",
    info: {
      Title: "Vestin Pitch Deck",
      Author: "Vestin Technologies Ltd",
      Subject: "Fractional ownership of real-world assets, from $100",
      Keywords: "Vestin, VSTN, pitch deck, tokenization, real-world assets",
    },
  });
  const x = 64;
  const contentWidth = SLIDE.width - 2 * x;

  slides.forEach((blocks, index) => {
    doc.addPage();
    const first = index === 0;
    const last = index === slides.length - 1;
    const dark = first || last;
    const heading = blocks.find((b) => b.kind === "h1" || b.kind === "h2");
    const headingText = heading && "text" in heading ? plain(heading.text) : "";
    doc.outline.addItem(headingText || `Slide ${index + 1}`);

    doc.rect(0, 0, SLIDE.width, SLIDE.height).fill(dark ? C.navy : C.white);
    if (dark) {
      doc
        .circle(SLIDE.width - 60, 40, 260)
        .fillOpacity(0.2)
        .fill(C.violet)
        .fillOpacity(1);
      doc
        .circle(80, SLIDE.height + 40, 220)
        .fillOpacity(0.16)
        .fill(C.teal)
        .fillOpacity(1);
    } else {
      doc.rect(0, SLIDE.height - 6, SLIDE.width, 6).fill(gradient(doc, 0, 0, SLIDE.width, 0));
    }
    logoMark(doc, x, 34, 22);
    doc
      .font(FONT.bold)
      .fontSize(12)
      .fillColor(dark ? C.white : C.navy)
      .text("Vestin", x + 30, 40, { lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(dark ? "#94A3B8" : C.muted)
      .text(`${index + 1} / ${slides.length}`, SLIDE.width - x - 80, 41, { width: 80, align: "right", lineBreak: false });

    if (first) {
      doc.font(FONT.bold).fontSize(72).fillColor(C.white).text(headingText, x, 170, { width: contentWidth });
      const tagline = blocks.find((b) => b.kind === "p");
      if (tagline?.kind === "p")
        doc
          .font(FONT.regular)
          .fontSize(22)
          .fillColor("#CBD5E1")
          .text(tagline.text, x, doc.y + 10, { width: 620, lineGap: 6 });
      doc.rect(x, 440, 140, 5).fill(gradient(doc, x, 0, x + 140, 0));
      doc.font(FONT.regular).fontSize(11).fillColor("#94A3B8").text("Real-world assets, tokenized. Not investment advice.", x, 460);
      return;
    }

    doc
      .font(FONT.bold)
      .fontSize(38)
      .fillColor(dark ? C.white : C.navy)
      .text(headingText, x, 96, { width: contentWidth });
    let y = doc.y + 10;
    const intro = blocks.find((b) => b.kind === "p");
    if (intro?.kind === "p") {
      doc
        .font(FONT.regular)
        .fontSize(18)
        .fillColor(dark ? "#CBD5E1" : C.muted)
        .text(intro.text, x, y, { width: contentWidth - 120, lineGap: 3 });
      y = doc.y + 28;
    }

    const stats = blocks.filter((b): b is Extract<Block, { kind: "stat" }> => b.kind === "stat");
    if (stats.length) {
      const perRow = stats.length > 4 ? Math.ceil(stats.length / 2) : stats.length;
      const gap = 16;
      const tileWidth = (contentWidth - gap * (perRow - 1)) / perRow;
      const tileHeight = stats.length > perRow ? 112 : 150;
      stats.forEach((stat, i) => {
        const row = Math.floor(i / perRow);
        const col = i % perRow;
        const tx = x + col * (tileWidth + gap);
        const ty = y + row * (tileHeight + gap);
        doc.roundedRect(tx, ty, tileWidth, tileHeight, 14).fill(dark ? C.slate : C.lightGrey);
        doc.rect(tx + 18, ty + 18, 26, 3).fill(gradient(doc, tx + 18, 0, tx + 44, 0));
        doc
          .font(FONT.bold)
          .fontSize(stat.value.length > 10 ? 24 : 36)
          .fillColor(dark ? C.white : C.navy)
          .text(stat.value, tx + 18, ty + 34, { width: tileWidth - 36 });
        doc
          .font(FONT.regular)
          .fontSize(14)
          .fillColor(dark ? "#CBD5E1" : C.muted)
          .text(stat.label, tx + 18, doc.y + 6, { width: tileWidth - 36 });
      });
      const rows = Math.ceil(stats.length / perRow);
      y += rows * (tileHeight + gap) + 8;
    }

    for (const block of blocks) {
      if (block.kind !== "ul") continue;
      for (const item of block.items) {
        doc.circle(x + 6, y + 11, 4).fill(C.teal);
        richText(doc, item, { size: 19, color: dark ? C.white : C.slate, width: contentWidth - 28, lineGap: 4 }, x + 26, y);
        y = doc.y + 14;
      }
    }
  });
  await save(doc, "vestin-pitch-deck.pdf");
}

await buildWhitepaper();
await buildPitchDeck();
