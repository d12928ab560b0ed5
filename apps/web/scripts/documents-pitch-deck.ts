/** The pitch deck's layout: 16:9 slides, separated by "---" in the Markdown source. */
import PDFDocument from "pdfkit";
import { type Block, C, type Doc, FONT, gradient, logoMark, parseBlocks, plain, richText } from "./documents-kit.ts";

const SLIDE = { width: 960, height: 540 };

/** Lays the pitch deck's slides out; the caller ends and saves the document. */
export function pitchDeck(source: string): Doc {
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
  return doc;
}
