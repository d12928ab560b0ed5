import { ArrowLeft, Clock, Eye, RefreshCw } from "lucide-react";
import { Fragment, useMemo } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { BLOG_MESSAGES, REDIRECT_MESSAGES } from "@vestin/shared/blog-core";
import type { Article, ArticleSummary } from "@vestin/shared/blog";
import { Button, ButtonLink } from "~/components/ui/button";
import { toCards } from "~/features/blog/article-cards";
import { authorPath, tagPath } from "@vestin/shared/authors-core";
import { AuthorByline } from "~/features/blog/components/author-byline";
import { AuthorPhoto } from "~/features/blog/components/author-photo";
import { CategoryBadge } from "~/features/blog/components/category-badge";
import { LikeButton } from "~/features/blog/components/like-button";
import { ShareBar } from "~/features/blog/components/share-bar";
import { TableOfContents } from "~/features/blog/components/table-of-contents";
import { formatDate } from "@vestin/shared/format-date";
import { formatCount } from "~/features/blog/format";
import { NewsletterCard } from "~/features/newsletter/components/newsletter-card";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import { headingsOf, safeHtml } from "~/lib/safe-html";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/article";

/** The pages above an article in the breadcrumb, each followed by a separator. */
const BREADCRUMB_TRAIL = [
  { to: "/", label: "Home" },
  { to: "/articles", label: "Blog" },
];

/** Related reading: same category first, then most shared tags. */
function pickRelated(article: Article, candidates: ArticleSummary[]): ArticleSummary[] {
  const tags = new Set(article.tags);
  return candidates
    .filter((c) => c._id !== article._id)
    .map((c) => ({ c, score: (c.category === article.category ? 2 : 0) + c.tags.filter((t) => tags.has(t)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.c.publishedAt.localeCompare(a.c.publishedAt))
    .slice(0, 3)
    .map((x) => x.c);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id.trim();
  if (!id) throw data({ message: BLOG_MESSAGES.idRequired }, { status: 400 });
  const { api } = context.get(appContext);
  const res = await api(`/blogs/${encodeURIComponent(id)}`);
  // A renamed article's old address moves for good to its new page; a removed one says so (410).
  if (res.status === 301) {
    const moved = ((await res.json()) as { data?: { slug?: string | null; path?: string } }).data;
    const to = moved?.slug ? `/blog/${encodeURIComponent(moved.slug)}` : moved?.path;
    if (to?.startsWith("/") && !to.startsWith("//")) throw redirect(to, 301);
  }
  if (res.status === 410) throw data({ message: REDIRECT_MESSAGES.removed }, { status: 410 });
  if (res.status === 404) throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  if (!res.ok) throw data({ message: BLOG_MESSAGES.fetchFailed }, { status: 502 });
  const article = ((await res.json()) as { data: Article }).data;
  const [sameCategory, recent] = await Promise.all([api(`/blogs?category=${encodeURIComponent(article.category)}&limit=12`), api("/blogs?limit=24")]);
  const candidates = [
    ...(sameCategory.ok ? ((await sameCategory.json()) as { data: ArticleSummary[] }).data : []),
    ...(recent.ok ? ((await recent.json()) as { data: ArticleSummary[] }).data : []),
  ];
  const unique = [...new Map(candidates.map((c) => [c._id, c])).values()];
  return { article, related: toCards(pickRelated(article, unique)) };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article) return [{ title: `${removed(args.error) ? "Article Removed" : "Blog Post Not Found"} | Vestin` }, { name: "robots", content: "noindex" }];
  const tags = pageMeta(args, {
    title: article.title,
    description: article.excerpt,
    path: `/blog/${article.slug}`,
    type: "article",
    image: article.featuredImage ? article.featuredImage.replace(/\.svg$/, ".png") : undefined,
    imageAlt: article.featuredImageAlt || article.title,
  });
  return [
    ...tags,
    { property: "article:published_time", content: article.publishedAt },
    { property: "article:section", content: article.category },
    { name: "author", content: article.author.name },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  const { publicUrl } = useRootData();
  const html = useMemo(() => safeHtml(article.content), [article.content]);
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
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, never run; it is JSON.stringify of the article's fields with every "<" escaped as \u003c, so nothing in it can close the script element. The server lists its hash in the page's CSP (apps/server/src/web/script-hashes.ts). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
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
            <img
              src={article.featuredImage}
              alt={article.featuredImageAlt}
              width={1200}
              height={630}
              className="mb-10 aspect-[1200/630] w-full rounded-[var(--radius-card)] bg-navy-900 object-cover"
            />
          )}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the article body is sanitised when stored (sanitizeArticleHtml, apps/server/src/lib/sanitize.ts) and again in the browser by DOMPurify with the same allowlist (safeHtml, lib/safe-html.ts). */}
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
            <div className="flex flex-wrap items-center justify-between gap-4">
              <ShareBar url={url} title={article.title} excerpt={article.excerpt} />
              <LikeButton articleId={article._id} initialCount={article.likeCount} size="md" />
            </div>
          </section>

          <NewsletterCard form="article" className="mt-12" />
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

/** Whether the page's error is an article taken down (410 Gone), not one that never existed. */
const removed = (error: unknown) => isRouteErrorResponse(error) && error.status === 410;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (removed(error)) return <ArticleRemoved />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>{notFound ? "Blog Post Not Found | Vestin" : "Error Loading Blog Post | Vestin"}</title>
      <h1 className="text-3xl font-bold tracking-tight">{notFound ? "Blog Post Not Found" : "Error Loading Blog Post"}</h1>
      <p className="mt-3 max-w-md text-muted">
        {notFound
          ? "This article does not exist or is no longer published."
          : isRouteErrorResponse(error) && typeof (error.data as { message?: string })?.message === "string"
            ? (error.data as { message: string }).message
            : BLOG_MESSAGES.fetchFailed}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!notFound && (
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try Again
          </Button>
        )}
        <ButtonLink to="/articles">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Articles
        </ButtonLink>
      </div>
    </section>
  );
}

/** A removed article's old address: it existed and was taken down on purpose (410), so search engines drop it. */
function ArticleRemoved() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>Article Removed | Vestin</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-widest text-muted">410 · Gone</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance">This article has been removed</h1>
      <p className="mt-3 max-w-md text-muted">It was taken down by the Vestin team and will not come back. The rest of the blog is still here.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/articles">
          <ArrowLeft aria-hidden="true" className="size-4" /> Browse all articles
        </ButtonLink>
      </div>
    </section>
  );
}
