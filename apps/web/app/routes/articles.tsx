import { RefreshCw, SearchX } from "lucide-react";
import { Fragment } from "react";
import { Link, useNavigate } from "react-router";
import { ARTICLE_PAGE_SIZE, BLOG_SORTS, POPULAR_POSTS, SORT_LABELS } from "@vestin/shared/blog-core";
import type { ArticleSummary, BlogSort } from "@vestin/shared/blog";
import { Button, ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { toCards } from "~/features/blog/article-cards";
import { ArticleCard, ArticleCardIcons } from "~/features/blog/components/article-card";
import { CategoryPanel, PopularPosts } from "~/features/blog/components/articles-sidebar";
import { BlogSearch } from "~/features/blog/components/blog-search";
import { NewsletterCard } from "~/features/newsletter/components/newsletter-card";
import { appContext } from "~/lib/app-context";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/articles";

/** The subscribe card sits in the list after this many articles (two rows on a wide screen), or under a shorter one. */
const NEWSLETTER_AFTER = 6;

type ListBody = { data: ArticleSummary[]; total: number; pages: number; page: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 500);
  const category = (url.searchParams.get("category") ?? "").trim();
  const sortParam = url.searchParams.get("sort") ?? "latest";
  const sort: BlogSort = (BLOG_SORTS as readonly string[]).includes(sortParam) ? (sortParam as BlogSort) : "latest";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);

  const params = new URLSearchParams({ limit: String(ARTICLE_PAGE_SIZE), page: String(page), sort });
  if (search) params.set("search", search);
  if (category) params.set("category", category);
  const { api } = context.get(appContext);
  const [listRes, categoriesRes, popularRes] = await Promise.all([
    api(`/blogs?${params}`),
    api("/blogs/categories"),
    api(`/blogs?sort=popular&limit=${POPULAR_POSTS}`),
  ]);
  const base = { search, category, sort, page };
  if (!listRes.ok) return { ...base, failed: true as const };
  const list = (await listRes.json()) as ListBody;
  const categories = categoriesRes.ok ? ((await categoriesRes.json()) as { data: Array<{ category: string; count: number }> }).data : [];
  const popular = popularRes.ok ? ((await popularRes.json()) as ListBody).data : [];
  return { ...base, failed: false as const, articles: toCards(list.data), total: list.total, pages: list.pages, categories, popular: toCards(popular) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Blog",
    description: "Guides, analysis and news on real-world-asset tokenization, custody, regulation and the $VSTN token.",
    path: "/articles",
  });

function hrefWith(current: { search: string; category: string; sort: string }, changes: Partial<Record<"search" | "category" | "sort" | "page", string>>) {
  const next = { search: current.search, category: current.category, sort: current.sort, page: "", ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.category) params.set("category", next.category);
  if (next.sort && next.sort !== "latest") params.set("sort", next.sort);
  if (next.page && next.page !== "1") params.set("page", next.page);
  const query = params.toString();
  return `/articles${query ? `?${query}` : ""}`;
}

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const state = loaderData;
  const link = (changes: Parameters<typeof hrefWith>[1]) => hrefWith(state, changes);

  return (
    <>
      <PageHeader
        eyebrow="Articles & News"
        title="Our Blog"
        intro="Guides, analysis and news on tokenized real-world assets, written by the people who build them."
      />
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[1fr_18rem] lg:py-14">
        <div className="min-w-0">
          <BlogSearch initial={state.search} onSearch={(q) => navigate(link({ search: q }))} />

          {state.failed ? (
            <div role="alert" className="mt-10 rounded-[var(--radius-card)] border border-red-200 bg-danger-bg p-8 text-center">
              <h2 className="text-xl font-bold text-danger">Error Loading Articles</h2>
              <p className="mt-2 text-muted">We could not load the articles just now. Please try again.</p>
              <Button className="mt-6" variant="outline" onClick={() => window.location.reload()}>
                <RefreshCw aria-hidden="true" className="size-4" /> Try Again
              </Button>
            </div>
          ) : (
            <>
              <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
                <p className="text-sm text-muted" aria-live="polite" data-testid="results-count">
                  {state.search
                    ? state.total > 0
                      ? `Found ${state.total} article${state.total === 1 ? "" : "s"} for "${state.search}"`
                      : `No articles found for "${state.search}"`
                    : `${state.total} article${state.total === 1 ? "" : "s"}${state.category ? ` in ${state.category}` : ""}`}
                </p>
                {state.search ? (
                  <p className="text-xs text-muted">Sorted by relevance</p>
                ) : (
                  <nav aria-label="Sort articles" className="flex gap-1 rounded-full border border-line bg-white p-1">
                    {BLOG_SORTS.map((sort) => (
                      <Link
                        key={sort}
                        to={link({ sort })}
                        aria-current={state.sort === sort ? "true" : undefined}
                        preventScrollReset
                        className={cn(
                          "rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors",
                          state.sort === sort ? "bg-navy-900 text-white" : "text-muted hover:text-ink",
                        )}
                      >
                        {SORT_LABELS[sort]}
                      </Link>
                    ))}
                  </nav>
                )}
              </div>

              {state.articles.length === 0 && state.search ? (
                <div className="mt-10 rounded-[var(--radius-card)] border border-line bg-surface p-10 text-center">
                  <SearchX aria-hidden="true" className="mx-auto size-10 text-muted" />
                  <p className="mt-4 font-semibold">No articles found for "{state.search}"</p>
                  <p className="mt-1 text-sm text-muted">Try fewer or different words.</p>
                  <div className="mt-6 flex flex-wrap justify-center gap-3">
                    <ButtonLink to={link({ search: "" })} variant="outline">
                      Clear Search
                    </ButtonLink>
                    <ButtonLink to="/articles">View All Articles</ButtonLink>
                  </div>
                </div>
              ) : (
                <ArticleCardIcons>
                  <div className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                    {state.articles.map((article, i) => (
                      <Fragment key={article._id}>
                        <ArticleCard article={article} priority={i === 0} />
                        {i === NEWSLETTER_AFTER - 1 && <NewsletterCard form="articles" className="sm:col-span-2 xl:col-span-3" />}
                      </Fragment>
                    ))}
                  </div>
                </ArticleCardIcons>
              )}

              {state.pages > 1 && (
                <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-3">
                  {state.page > 1 && (
                    <ButtonLink to={link({ page: String(state.page - 1) })} variant="outline">
                      Previous
                    </ButtonLink>
                  )}
                  <span className="text-sm text-muted">
                    Page {state.page} of {state.pages}
                  </span>
                  {state.page < state.pages && (
                    <ButtonLink to={link({ page: String(state.page + 1) })} variant="outline">
                      Next
                    </ButtonLink>
                  )}
                </nav>
              )}
            </>
          )}

          {(state.failed || state.articles.length < NEWSLETTER_AFTER) && <NewsletterCard form="articles" className="mt-12" />}
        </div>
        {!state.failed && (
          <aside className="grid content-start gap-6" aria-label="Browse">
            <CategoryPanel categories={state.categories} active={state.category} hrefFor={(category) => link({ category })} />
            <PopularPosts articles={state.popular} />
          </aside>
        )}
      </div>
    </>
  );
}
