import { ListTree } from "lucide-react";
import type { Heading } from "~/lib/safe-html";
import { cn } from "~/lib/cn";

/** Contents of the article body, plus Back to Top and Tags & Share. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  const top = Math.min(...headings.map((h) => h.level), 6);
  return (
    <nav aria-labelledby="toc-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-5">
      <h2 id="toc-heading" className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-muted">
        <ListTree aria-hidden="true" className="size-4" /> Table of Contents
      </h2>
      <ol className="mt-3 grid gap-1 text-sm">
        {headings.map((h) => (
          <li key={h.id} style={{ paddingLeft: `${(h.level - top) * 0.75}rem` }}>
            <a href={`#${h.id}`} className="block rounded-lg px-2 py-1.5 text-muted hover:bg-surface hover:text-ink">
              {h.text}
            </a>
          </li>
        ))}
        <li className={cn("mt-2 border-t border-line pt-2")}>
          <a href="#tags-and-share" className="block rounded-lg px-2 py-1.5 text-muted hover:bg-surface hover:text-ink">
            Tags &amp; Share
          </a>
        </li>
        <li>
          <a href="#top" className="block rounded-lg px-2 py-1.5 font-medium text-brand-violet hover:bg-surface">
            ↑ Back to Top
          </a>
        </li>
      </ol>
    </nav>
  );
}
