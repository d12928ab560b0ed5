import { Clock, Eye } from "lucide-react";
import { Fragment, useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import type { Article } from "@vestin/shared/blog";
import { formatDate } from "@vestin/shared/format-date";
import { ARTICLE_IMAGE_SIZES, BLOG_ART_SIZE } from "@vestin/shared/media-core";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { headingsOf } from "~/lib/html-rules";
import { useSafeHtml } from "~/lib/use-safe-html";
import { useRootData } from "~/lib/use-root-data";
import type { ArticleCardData } from "../article-cards";
import { formatCount } from "../format";
import { authorPath, tagPath } from "@vestin/shared/authors-core";
import { AuthorByline } from "./author-byline";
import { AuthorPhoto } from "./author-photo";
import { CategoryBadge } from "./category-badge";
import { LikeButton } from "./like-button";
import { ShareBar } from "./share-bar";
import { TableOfContents } from "./table-of-contents";

/** The pages above an article in the breadcrumb, each followed by a separator. */
const BREADCRUMB_TRAIL = [
  { to: "/", label: "Home" },
  { to: "/articles", label: "Blog" },
];

/**
 * An article as its page shows it: header, body, tags, sharing, likes, the sidebar. The public
 * page and a preview link render this same component; `preview` leaves out what would write or
 * point at an address that is not public yet (like, share, structured data); the public page adds
 * its newsletter sign-up under the body.
 */
export function ArticleView({
  article,
  related,
  preview = false,
  afterBody,
}: {
  article: Article;
  related: ArticleCardData[];
  preview?: boolean;
  /** Drawn under the article's body (the public page's newsletter sign-up). */
  afterBody?: ReactNode;
}) {
  const { publicUrl } = useRootData();
  const html = useSafeHtml(article.content);
  const headings = useMemo(() => headingsOf(article.content), [article.content]);
  const url = `${publicUrl}/blog/${article.slug}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishedAt,
    author: article.authors.length
      ? article.authors.map((a) => ({ "@type": "Person", name: a.name, url: `${publicUrl}${authorPath(a.slug)}` }))
      : { "@type": "Person", name: article.author.name },
    image: article.featuredImage ? `${publicUrl}${article.featuredImage.replace(/\.svg$/, ".png")}` : undefined,
    articleSection: article.category,
    keywords: article.tags.join(", "),
    mainEntityOfPage: url,
    publisher: { "@type": "Organization", name: "Vestin", logo: { "@type": "ImageObject", url: `${publicUrl}/favicon.svg` } },
  };

  // Keyed by the article: a Related Articles link renders this same route, and nothing of the
  // article before (its like count, a like on its way, the sidebar's scroll) may carry over.
  return (
    <article key={article._id} id="top" className="bg-white">
      {!preview && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, never run; it is JSON.stringify of the article's fields with every "<" escaped as \u003c, so nothing in it can close the script element. The server lists its hash in the page's CSP (apps/server/src/web/script-hashes.ts). */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      )}
      <header className="border-b border-line bg-surface">
        <div className="container-page max-w-5xl py-10 sm:py-14">
          <nav aria-label="Breadcrumb" className="text-sm text-muted">
            <ol className="flex flex-wrap items-center gap-1.5">
              {BREADCRUMB_TRAIL.map((crumb) => (
                <Fragment key={crumb.to}>
                  <li>
                    <Link to={crumb.to} className="hover:text-ink">
                      {crumb.label}
                    </Link>
                  </li>
                  <li aria-hidden="true">/</li>
                </Fragment>
              ))}
              <li aria-current="page" className="line-clamp-1 max-w-[60ch] text-ink">
                {article.title}
              </li>
            </ol>
          </nav>
          <CategoryBadge category={article.category} className="mt-6" />
          <h1 className="mt-4 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{article.title}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">{article.excerpt}</p>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-muted">
            <AuthorByline authors={article.authors} fallbackName={article.author.name} />
            <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" /> {article.readTime} min read
            </span>
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden="true" className="size-4" /> {formatCount(article.viewCount)} views
            </span>
          </div>
        </div>
      </header>

      <div className="container-page grid max-w-6xl gap-12 py-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:py-14">
        <div className="min-w-0">
          {article.featuredImage && (
            <ResponsiveImage
              src={article.featuredImage}
              alt={article.featuredImageAlt}
              variants={article.featuredImageVariants}
              sizes={ARTICLE_IMAGE_SIZES}
              fallbackSize={BLOG_ART_SIZE}
              priority
              className="mb-10 aspect-[1200/630] w-full rounded-[var(--radius-card)] bg-navy-900 object-cover"
            />
          )}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the article body is sanitised when stored (sanitizeArticleHtml, apps/server/src/lib/sanitize.ts); whatever the browser writes into this element itself (after a navigation) DOMPurify sanitizes again with the same allowlist (useSafeHtml, lib/use-safe-html.ts). */}
          <div className="prose-article" dangerouslySetInnerHTML={{ __html: html }} />

          <section id="tags-and-share" aria-label="Tags and sharing" className="mt-12 grid gap-6 border-t border-line pt-8">
            {article.tags.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {article.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={tagPath(tag)} rel="tag" className="rounded-full bg-surface px-3 py-1 text-sm text-muted hover:text-ink">
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {!preview && (
              <div className="flex flex-wrap items-center justify-between gap-4">
                <ShareBar url={url} title={article.title} excerpt={article.excerpt} />
                <LikeButton articleId={article._id} initialCount={article.likeCount} size="md" />
              </div>
            )}
          </section>

          {afterBody}
        </div>

        <aside className="grid content-start gap-6 lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto" aria-label="About this article">
          {headings.length > 0 && <TableOfContents headings={headings} />}
          <section aria-labelledby="author-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-5">
            <h2 id="author-heading" className="text-sm font-semibold uppercase tracking-widest text-muted">
              {article.authors.length > 1 ? "About the Authors" : "About the Author"}
            </h2>
            {(article.authors.length ? article.authors : [{ _id: "", slug: "", name: article.author.name, photoUrl: "" }]).map((a) => (
              <div key={a._id || a.name} className="mt-4 flex items-center gap-3">
                <AuthorPhoto name={a.name} photoUrl={a.photoUrl} size="lg" />
                <div>
                  {a.slug ? (
                    <Link to={authorPath(a.slug)} className="font-semibold hover:text-brand-violet">
                      {a.name}
                    </Link>
                  ) : (
                    <p className="font-semibold">{a.name}</p>
                  )}
                  <p className="text-sm text-muted">Writes on {article.category.toLowerCase()} for the Vestin blog.</p>
                </div>
              </div>
            ))}
          </section>
          <section aria-labelledby="related-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-5">
            <h2 id="related-heading" className="text-sm font-semibold uppercase tracking-widest text-muted">
              Related Articles
            </h2>
            {related.length > 0 ? (
              <ul className="mt-4 grid gap-4">
                {related.map((r) => (
                  <li key={r._id}>
                    <Link to={`/blog/${r.slug}`} className="text-sm font-semibold leading-snug hover:text-brand-violet">
                      {r.title}
                    </Link>
                    <p className="mt-0.5 text-xs text-muted">
                      {r.category} · {r.readTime} min read
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-muted">
                More articles coming soon!{" "}
                <Link to="/articles" className="font-semibold text-brand-violet hover:underline">
                  Browse all articles
                </Link>
              </p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}
