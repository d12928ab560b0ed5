import { ExternalLink, Rss } from "lucide-react";
import { AUTHOR_LINK_KINDS, AUTHOR_LINK_LABELS } from "@vestin/shared/authors-core";
import type { Author } from "@vestin/shared/authors";
import { AuthorPhoto } from "./author-photo";

/** An author's profile: photo, name, bio, links and their feed. */
export function AuthorProfile({ author, total, feedHref }: { author: Author; total: number; feedHref: string }) {
  const links = AUTHOR_LINK_KINDS.flatMap((kind) => (author.links[kind] ? [{ kind, href: author.links[kind] }] : []));
  return (
    <header className="border-b border-line bg-surface">
      <div className="container-page flex max-w-5xl flex-col gap-6 py-10 sm:flex-row sm:items-center sm:gap-8 sm:py-14">
        <AuthorPhoto name={author.name} photoUrl={author.photoUrl} size="xl" />
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-violet">Author</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{author.name}</h1>
          {author.bio && <p className="mt-3 max-w-2xl text-lg leading-relaxed text-muted">{author.bio}</p>}
          <ul className="mt-5 flex flex-wrap items-center gap-2" aria-label={`${author.name} elsewhere`}>
            {links.map((link) => (
              <li key={link.kind}>
                <a
                  href={link.href}
                  rel="me noopener noreferrer"
                  target="_blank"
                  className="inline-flex items-center gap-1.5 rounded-full border border-line bg-white px-3 py-1 text-sm font-medium hover:border-brand-violet hover:text-brand-violet"
                >
                  {AUTHOR_LINK_LABELS[link.kind]} <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              </li>
            ))}
            <li>
              <a href={feedHref} className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium text-muted hover:text-ink">
                <Rss aria-hidden="true" className="size-3.5" /> RSS
              </a>
            </li>
          </ul>
          <p className="mt-4 text-sm text-muted">
            {total} published article{total === 1 ? "" : "s"}
          </p>
        </div>
      </div>
    </header>
  );
}
