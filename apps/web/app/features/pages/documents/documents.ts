import type { PdfDocument } from "./pdf-viewer";

/** The generated PDFs (apps/web/scripts/build-documents.ts writes them into build/client/documents). */
export const WHITEPAPER: PdfDocument = {
  href: "/documents/vestin-whitepaper.pdf",
  fileName: "vestin-whitepaper.pdf",
  title: "Vestin whitepaper (PDF)",
};

export const BRAND_GUIDELINES: PdfDocument = {
  href: "/documents/vestin-brand-guidelines.pdf",
  fileName: "vestin-brand-guidelines.pdf",
  title: "Vestin brand guidelines (PDF)",
};

export const PITCH_DECK: PdfDocument = {
  href: "/documents/vestin-pitch-deck.pdf",
  fileName: "vestin-pitch-deck.pdf",
  title: "Vestin pitch deck (PDF)",
};
