import { Marked, type Tokens } from "marked";

export type LegalTocEntry = { id: string; title: string };

export type LegalDocument = {
  /** The body as HTML: headings carry ids, raw HTML in the source is shown as text. */
  html: string;
  /** "April 30, 2025", from the source's first line `<!-- updated: April 30, 2025 -->`. */
  updated: string | null;
  /** The numbered sections (h2), for the table of contents. */
  toc: LegalTocEntry[];
};

const UPDATED = /^\s*<!--\s*updated:\s*(.+?)\s*-->\s*\n?/;

export function parseUpdated(source: string): string | null {
  return UPDATED.exec(source)?.[1] ?? null;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** "1. The Platform" → "1-the-platform"; "(a) Who we are" → "a-who-we-are". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i;

/**
 * Renders a first-party legal text. Sub-headings are prefixed with their section number
 * ("22-a-agreement-to-arbitrate") so every id is unique and stable; external links open in a
 * new tab; anything that is not a safe link is rendered as plain text.
 */
export function renderLegalMarkdown(source: string): LegalDocument {
  const updated = parseUpdated(source);
  const body = source.replace(UPDATED, "");
  const toc: LegalTocEntry[] = [];
  const used = new Map<string, number>();
  let section = "";

  const uniqueId = (base: string) => {
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    return count === 0 ? base : `${base}-${count + 1}`;
  };

  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const plain = text.replace(/[*_`]/g, "");
        const slug = slugify(plain);
        let id: string;
        if (depth <= 2) {
          section = /^(\d+)\./.exec(plain)?.[1] ?? slug;
          id = uniqueId(slug);
          toc.push({ id, title: plain });
        } else {
          id = uniqueId(section ? `${section}-${slug}` : slug);
        }
        // The page's h1 is the title, so the document's own levels start at h2.
        const level = Math.max(2, depth);
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href)) return inner;
        const external = /^https?:/i.test(href);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const rel = external ? ` target="_blank" rel="noopener noreferrer"` : "";
        const hint = external ? `<span class="sr-only"> (opens in a new tab)</span>` : "";
        return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${inner}${hint}</a>`;
      },
      image({ text }: Tokens.Image) {
        return escapeHtml(text);
      },
    },
  });

  const html = marked.parse(body) as string;
  return { html, updated, toc };
}
