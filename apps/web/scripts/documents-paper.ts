/**
 * The long documents' layout (the whitepaper, the brand guidelines): A4 portrait, a cover, linked
 * contents, a running header and footer.
 */
import PDFDocument from "pdfkit";
import { type Block, C, type Doc, FONT, gradient, logoMark, parseBlocks, plain, richText } from "./documents-kit.ts";

/** What differs between the long documents: their names, metadata and the drawings they use. */
export type PaperKind = {
  /** The cover's eyebrow, e.g. "WHITEPAPER". */
  label: string;
  /** The running header and the title when the source has none. */
  title: string;
  info: { Subject: string; Keywords: string };
  /** The "! name" drawings of the source, each drawn at the flow's position with the text width. */
  figures?: Record<string, (doc: Doc, x: number, y: number, width: number) => number>;
};

const WHITEPAPER: PaperKind = {
  label: "WHITEPAPER",
  title: "Vestin Whitepaper",
  info: {
    Subject: "Fractional ownership of real-world assets and the $VSTN utility token",
    Keywords: "Vestin, VSTN, tokenization, real-world assets, whitepaper",
  },
};

/** Lays the whitepaper's Markdown out; the caller ends and saves the document. */
export function whitepaper(source: string): Doc {
  return paper(source, WHITEPAPER);
}

/** A colour swatch: the colour, its name and hex value, and what it is for. */
function swatch(doc: Doc, block: Extract<Block, { kind: "swatch" }>, x: number, y: number, width: number) {
  doc.roundedRect(x, y, 42, 30, 5).fill(block.hex);
  doc.roundedRect(x, y, 42, 30, 5).lineWidth(0.5).strokeColor(C.line).stroke();
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(C.ink)
    .text(block.name, x + 54, y + 1, { width: 150, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(C.muted)
    .text(block.hex.toUpperCase(), x + 54, y + 16, { width: 150, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(C.slate)
    .text(block.usage, x + 170, y + 1, { width: width - 170, lineGap: 1.5 });
  return Math.max(y + 38, doc.y + 8);
}

/** Lays a long document's Markdown out; the caller ends and saves the document. */
export function paper(source: string, kind: PaperKind): Doc {
  const blocks = parseBlocks(source);
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
    info: { Title: kind.title, Author: "Vestin Technologies Ltd", ...kind.info },
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
  doc.font(FONT.bold).fontSize(13).fillColor(C.teal).text(kind.label, 66, 300, { characterSpacing: 3 });
  doc
    .font(FONT.bold)
    .fontSize(40)
    .fillColor(C.white)
    .text(plain(title?.kind === "h1" ? title.text : kind.title), 66, 326, { width: pw - 132 });
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
      case "swatch":
        ensureSpace(46);
        doc.y = swatch(doc, block, margin.left, doc.y, width());
        break;
      case "figure": {
        const draw = kind.figures?.[block.name];
        if (!draw) throw new Error(`${kind.title}: no drawing named "${block.name}"`);
        ensureSpace(150);
        doc.y = draw(doc, margin.left, doc.y + 4, width()) + 14;
        break;
      }
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
      .text(kind.title, margin.left + 20, 37.5, { lineBreak: false });
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
  return doc;
}
