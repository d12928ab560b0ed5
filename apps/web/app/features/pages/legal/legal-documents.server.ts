import cookiesSource from "~/content/legal/cookies.md?raw";
import privacySource from "~/content/legal/privacy.md?raw";
import termsSource from "~/content/legal/terms.md?raw";
import { renderLegalMarkdown, type LegalDocument } from "./legal-markdown";

const SOURCES = { terms: termsSource, privacy: privacySource, cookies: cookiesSource } as const;

export type LegalDocumentName = keyof typeof SOURCES;

const cache = new Map<LegalDocumentName, LegalDocument>();

/**
 * A legal text rendered to HTML on the server (once per process), so neither the Markdown nor
 * the renderer is shipped to the browser.
 */
export function legalDocument(name: LegalDocumentName): LegalDocument {
  let doc = cache.get(name);
  if (!doc) {
    doc = renderLegalMarkdown(SOURCES[name]);
    cache.set(name, doc);
  }
  return doc;
}
