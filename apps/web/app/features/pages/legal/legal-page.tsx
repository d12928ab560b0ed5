import { ChevronRight, Home, List } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LegalDocument, LegalTocEntry } from "./legal-markdown";

/** Reading styles for the rendered Markdown (no typography plugin: the rules live here). */
const PROSE = [
  "max-w-[72ch] text-[17px] leading-relaxed text-slate-700",
  "[&_h2]:mt-14 [&_h2]:scroll-mt-28 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink first:[&_h2]:mt-0",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-28 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-ink",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1",
  "[&_a]:font-medium [&_a]:text-brand-violet [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-navy-900",
  "[&_strong]:font-semibold [&_strong]:text-ink [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-teal [&_blockquote]:pl-4",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:border-line [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-line [&_td]:py-2",
].join(" ");

type LegalPageProps = {
  title: string;
  doc: LegalDocument;
  /** Extra table-of-contents entries for sections the page adds around the text. */
  extraToc?: { before?: LegalTocEntry[]; after?: LegalTocEntry[] };
  before?: ReactNode;
  after?: ReactNode;
};

function TocList({ entries }: { entries: LegalTocEntry[] }) {
  return (
    <ol className="grid gap-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`} className="block rounded-lg px-3 py-1.5 text-muted transition-colors hover:bg-slate-100 hover:text-ink">
            {entry.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Breadcrumb, title, last-updated date, table of contents and the text of a legal page. */
export function LegalPage({ title, doc, extraToc, before, after }: LegalPageProps) {
  const toc = [...(extraToc?.before ?? []), ...doc.toc, ...(extraToc?.after ?? [])];
  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page py-10 sm:py-14">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted">
              <li>
                <Link to="/" className="inline-flex items-center gap-1.5 rounded-md font-medium text-muted hover:text-ink">
                  <Home aria-hidden="true" className="size-4" />
                  Home
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li>
                <span aria-current="page" className="font-medium text-ink">
                  {title}
                </span>
              </li>
            </ol>
          </nav>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
          {doc.updated && (
            <p className="mt-3 text-muted">
              Last updated <time>{doc.updated}</time>
            </p>
          )}
        </div>
      </header>
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[17rem_1fr] lg:gap-14">
        <div className="lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto">
          <details className="rounded-card border border-line bg-white p-2 lg:hidden">
            <summary className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 font-semibold text-ink">
              <List aria-hidden="true" className="size-4" />
              Contents
            </summary>
            <nav aria-label="Contents" className="mt-1">
              <TocList entries={toc} />
            </nav>
          </details>
          <nav aria-label="Contents" className="hidden lg:block">
            <p className="flex items-center gap-2 px-3 pb-2 font-semibold text-ink">
              <List aria-hidden="true" className="size-4" />
              Contents
            </p>
            <TocList entries={toc} />
          </nav>
        </div>
        <div className="min-w-0">
          {before}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is rendered on the server from the site's own legal Markdown (content/legal/*.md) by renderLegalMarkdown (legal-markdown.ts), which escapes any raw HTML and image in the source and keeps only http(s), mailto, tel and relative links */}
          <article className={PROSE} dangerouslySetInnerHTML={{ __html: doc.html }} />
          {after}
        </div>
      </div>
    </>
  );
}
