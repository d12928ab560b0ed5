/** The brand guidelines: the long documents' layout, with the logo drawings the source names. */
import { C, type Doc, FONT, gradient, logoMark } from "./documents-kit.ts";
import { type PaperKind, paper } from "./documents-paper.ts";

/** The full logo (mark and wordmark) with the mark `size` high; returns its width. */
function fullLogo(doc: Doc, x: number, y: number, size: number, wordmark: string): number {
  logoMark(doc, x, y, size);
  const fontSize = size * 0.62;
  doc
    .font(FONT.bold)
    .fontSize(fontSize)
    .fillColor(wordmark)
    .text("Vestin", x + size * 1.28, y + (size - fontSize) / 2 + size * 0.04, { lineBreak: false });
  return size * 1.28 + doc.widthOfString("Vestin");
}

function caption(doc: Doc, text: string, x: number, y: number, width: number) {
  doc.font(FONT.regular).fontSize(9).fillColor(C.muted).text(text, x, y, { width, align: "center" });
}

/** The light logo on Navy, the dark logo on white, and the mark alone. */
function logoVersions(doc: Doc, x: number, y: number, width: number): number {
  const gap = 12;
  const tile = (width - 2 * gap) / 3;
  const height = 92;
  doc.roundedRect(x, y, tile, height, 8).fill(C.navy);
  fullLogo(doc, x + 26, y + 30, 32, C.white);
  doc.roundedRect(x + tile + gap, y, tile, height, 8).fill(C.white);
  doc
    .roundedRect(x + tile + gap, y, tile, height, 8)
    .lineWidth(0.75)
    .strokeColor(C.line)
    .stroke();
  fullLogo(doc, x + tile + gap + 26, y + 30, 32, C.navy);
  doc.roundedRect(x + 2 * (tile + gap), y, tile, height, 8).fill(C.lightGrey);
  logoMark(doc, x + 2 * (tile + gap) + tile / 2 - 20, y + 26, 40);
  caption(doc, "Light logo on dark backgrounds", x, y + height + 6, tile);
  caption(doc, "Dark logo on light backgrounds", x + tile + gap, y + height + 6, tile);
  caption(doc, "The mark alone, for small square spaces", x + 2 * (tile + gap), y + height + 6, tile);
  return y + height + 30;
}

/** The clear space: a dashed frame one V-height from the logo on every side. */
function logoClearSpace(doc: Doc, x: number, y: number, width: number): number {
  const size = 40;
  // The V inside the mark runs from 30 % to 72 % of the mark's height.
  const unit = size * 0.42;
  const logoWidth =
    size * 1.28 +
    doc
      .font(FONT.bold)
      .fontSize(size * 0.62)
      .widthOfString("Vestin");
  const frameWidth = logoWidth + 2 * unit;
  const frameHeight = size + 2 * unit;
  const left = x + (width - frameWidth) / 2;
  doc.rect(x, y, width, frameHeight + 36).fill(C.lightGrey);
  const top = y + 18;
  doc.rect(left, top, frameWidth, frameHeight).dash(3, { space: 3 }).lineWidth(0.75).strokeColor(C.tealDark).stroke();
  doc.undash();
  fullLogo(doc, left + unit, top + unit, size, C.navy);
  // The clear-space unit, measured between the frame and the logo above and to the left of it.
  const markTop = top + unit;
  const markLeft = left + unit;
  doc.lineWidth(1.2).strokeColor(C.violet);
  doc
    .moveTo(markLeft + size / 2, top)
    .lineTo(markLeft + size / 2, markTop)
    .stroke();
  doc
    .moveTo(left, markTop + size / 2)
    .lineTo(markLeft, markTop + size / 2)
    .stroke();
  doc.font(FONT.bold).fontSize(9).fillColor(C.violet);
  doc.text("V", markLeft + size / 2 + 4, top + unit / 2 - 5, { lineBreak: false });
  doc.text("V", left + unit / 2 - 3, markTop + size / 2 - 13, { lineBreak: false });
  caption(doc, "Clear space on every side: at least the height of the V in the mark", x, y + frameHeight + 42, width);
  return y + frameHeight + 58;
}

/** Backgrounds that work and backgrounds that do not. */
function logoBackgrounds(doc: Doc, x: number, y: number, width: number): number {
  const gap = 10;
  const tile = (width - 3 * gap) / 4;
  const height = 70;
  const tiles: Array<{ label: string; ok: boolean; paint: (tx: number) => void; wordmark: string }> = [
    { label: "Yes: Navy 950", ok: true, wordmark: C.white, paint: (tx) => doc.roundedRect(tx, y, tile, height, 8).fill(C.nearBlack) },
    {
      label: "Yes: white",
      ok: true,
      wordmark: C.navy,
      paint: (tx) => {
        doc.roundedRect(tx, y, tile, height, 8).fill(C.white);
        doc.roundedRect(tx, y, tile, height, 8).lineWidth(0.75).strokeColor(C.line).stroke();
      },
    },
    {
      label: "No: the accent gradient",
      ok: false,
      wordmark: C.white,
      paint: (tx) => doc.roundedRect(tx, y, tile, height, 8).fill(gradient(doc, tx, y, tx + tile, y + height)),
    },
    {
      label: "No: a busy background",
      ok: false,
      wordmark: C.white,
      paint: (tx) => {
        doc.save();
        doc.roundedRect(tx, y, tile, height, 8).clip();
        doc.rect(tx, y, tile, height).fill(C.teal);
        for (let i = -height; i < tile; i += 9) {
          doc
            .moveTo(tx + i, y + height)
            .lineTo(tx + i + height, y)
            .lineWidth(4)
            .strokeColor(i % 18 === 0 ? C.violet : C.lightGrey)
            .stroke();
        }
        doc.restore();
      },
    },
  ];
  tiles.forEach((t, index) => {
    const tx = x + index * (tile + gap);
    t.paint(tx);
    fullLogo(doc, tx + 14, y + height / 2 - 11, 22, t.wordmark);
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(t.ok ? C.tealDark : "#B91C1C")
      .text(t.label, tx, y + height + 6, { width: tile, align: "center" });
  });
  return y + height + 28;
}

const BRAND_GUIDELINES: PaperKind = {
  label: "BRAND GUIDELINES",
  title: "Vestin Brand Guidelines",
  info: {
    Subject: "The Vestin logo, colours, type and tone of voice, for press and partners",
    Keywords: "Vestin, brand guidelines, logo, colour palette, typography, tone of voice, press",
  },
  figures: { "logo-versions": logoVersions, "logo-clear-space": logoClearSpace, "logo-backgrounds": logoBackgrounds },
};

/** Lays the brand guidelines' Markdown out; the caller ends and saves the document. */
export function brandGuidelines(source: string): Doc {
  return paper(source, BRAND_GUIDELINES);
}
