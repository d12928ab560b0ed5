import { ButtonLink } from "~/components/ui/button";
import type { ArticleCardData } from "../article-cards";
import { ArticleCard, ArticleCardIcons } from "./article-card";

/** A page of an author's or a tag's articles, with Previous and Next links (rel prev/next). */
export function TopicArticles({
  articles,
  page,
  pages,
  path,
  emptyText,
}: {
  articles: ArticleCardData[];
  page: number;
  pages: number;
  path: string;
  emptyText: string;
}) {
  if (articles.length === 0) {
    return <p className="rounded-[var(--radius-card)] border border-line bg-surface p-10 text-center text-muted">{emptyText}</p>;
  }
  return (
    <>
      <ArticleCardIcons>
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {articles.map((article, i) => (
            <ArticleCard key={article._id} article={article} priority={i < 3} />
          ))}
        </div>
      </ArticleCardIcons>
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-3">
          {page > 1 && (
            <ButtonLink to={pageHref(path, page - 1)} rel="prev" variant="outline">
              Previous
            </ButtonLink>
          )}
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          {page < pages && (
            <ButtonLink to={pageHref(path, page + 1)} rel="next" variant="outline">
              Next
            </ButtonLink>
          )}
        </nav>
      )}
    </>
  );
}

/** A page's address: the first page has no ?page. */
export const pageHref = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);
