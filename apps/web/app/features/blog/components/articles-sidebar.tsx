import { Eye, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import type { ArticleCardData } from "../article-cards";
import { cn } from "~/lib/cn";
import { formatCount } from "../format";

export function CategoryPanel({
  categories,
  active,
  hrefFor,
}: {
  categories: Array<{ category: string; count: number }>;
  active: string;
  hrefFor: (category: string) => string;
}) {
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  const items = [{ category: "", label: "All articles", count: total }, ...categories.map((c) => ({ ...c, label: c.category }))];
  return (
    <section aria-labelledby="categories-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-5">
      <h2 id="categories-heading" className="text-sm font-semibold uppercase tracking-widest text-muted">
        Categories
      </h2>
      <ul className="mt-3 grid gap-1">
        {items.map((item) => {
          const current = item.category === active;
          return (
            <li key={item.label}>
              <Link
                to={hrefFor(item.category)}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex items-center justify-between rounded-xl px-3 py-2 text-sm transition-colors",
                  current ? "bg-navy-900 font-semibold text-white" : "hover:bg-surface",
                )}
              >
                <span>{item.label}</span>
                <span className={cn("text-xs", current ? "text-slate-300" : "text-muted")}>{item.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function PopularPosts({ articles }: { articles: ArticleCardData[] }) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="popular-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-5">
      <h2 id="popular-heading" className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-muted">
        <TrendingUp aria-hidden="true" className="size-4" /> Popular Posts
      </h2>
      <ol className="mt-4 grid gap-4">
        {articles.map((article, i) => (
          <li key={article._id} className="flex gap-3">
            <span aria-hidden="true" className="text-2xl font-bold leading-none text-brand-violet/40">
              {i + 1}
            </span>
            <div>
              <Link to={`/blog/${article.slug}`} className="text-sm font-semibold leading-snug hover:text-brand-violet">
                {article.title}
              </Link>
              <p className="mt-1 inline-flex items-center gap-1 text-xs text-muted">
                <Eye aria-hidden="true" className="size-3" /> {formatCount(article.viewCount)} views
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
