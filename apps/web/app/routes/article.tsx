import { ArrowLeft, RefreshCw } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { BLOG_MESSAGES, REDIRECT_MESSAGES } from "@vestin/shared/blog-core";
import type { Article, ArticleSummary } from "@vestin/shared/blog";
import { Button, ButtonLink } from "~/components/ui/button";
import { toCards } from "~/features/blog/article-cards";
import { ArticleView } from "~/features/blog/components/article-view";
import { NewsletterCard } from "~/features/newsletter/components/newsletter-card";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import { loadSafeHtml } from "~/lib/use-safe-html";
import type { Route } from "./+types/article";

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

/**
 * A navigation in the browser fetches the page's data and the body's sanitizer side by side, so the
 * article renders at once when both are there. Not run when the server's page hydrates (that page
 * needs no sanitizer: lib/use-safe-html.ts).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadSafeHtml()]);
  return loaded;
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
  return <ArticleView article={loaderData.article} related={loaderData.related} afterBody={<NewsletterCard form="article" className="mt-12" />} />;
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
