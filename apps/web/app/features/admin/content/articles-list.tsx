import { ExternalLink, Plus, Search, Star } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { articleListPath, type AdminArticleSummary } from "../api/content-api";
import { AdminInput, AdminSelect } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { EmptyRow, Pagination, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock } from "../components/query-states";
import { PublishBadge } from "../components/status-badge";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useSearchState } from "../hooks/use-search-state";
import { formatDate } from "../leads/lead-types";

const PAGE_SIZE = 25;

/** Every article, drafts included, newest first. */
export function ArticlesList() {
  const { get, set } = useSearchState();
  const search = get("search");
  const status = get("status") === "published" || get("status") === "draft" ? get("status") : "";
  const page = Math.max(1, Number(get("page", "1")) || 1);
  const [searchInput, setSearchInput] = useState(search);
  const debounced = useDebouncedValue(searchInput, 350);
  useEffect(() => setSearchInput(search), [search]);
  // Only a settled search writes the address bar.
  useEffect(() => {
    if (debounced.trim() !== search) set({ search: debounced.trim() });
  }, [debounced]);

  const list = useAdminQuery<AdminArticleSummary[]>(articleListPath({ search, status, page, limit: PAGE_SIZE }));
  const info = pageInfo(list.body);

  return (
    <>
      <AdminPageTitle
        title="Articles"
        description="Blog articles, drafts included. Drafts are never shown on the site."
        actions={
          <ButtonLink to="/admin/articles/new" size="sm">
            <Plus aria-hidden="true" className="size-4" /> New article
          </ButtonLink>
        }
      />
      <form
        role="search"
        aria-label="Filter articles"
        className="mb-4 grid gap-3 rounded-xl border border-line bg-white p-3 sm:grid-cols-[1fr_12rem]"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="relative">
          <AdminInput
            label="Search titles"
            type="search"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder="Title…"
            className="pl-9"
          />
          <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted" />
        </div>
        <AdminSelect label="Status" value={status} onChange={(event) => set({ status: event.target.value })}>
          <option value="">All</option>
          <option value="published">Published</option>
          <option value="draft">Drafts</option>
        </AdminSelect>
      </form>
      {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
      {!list.data ? (
        !list.error && <LoadingBlock label="Loading articles…" />
      ) : (
        <>
          <TableFrame label="Articles" busy={list.loading}>
            <thead>
              <tr>
                <Th>Title</Th>
                <Th>Status</Th>
                <Th>Category</Th>
                <Th>Published</Th>
                <Th className="text-right">Views</Th>
                <Th className="text-right">Likes</Th>
                <Th>
                  <span className="sr-only">On the site</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {list.data.length === 0 ? (
                <EmptyRow columns={7}>{search || status ? "No articles match these filters." : "No articles yet."}</EmptyRow>
              ) : (
                list.data.map((article) => (
                  <tr key={article._id} className="hover:bg-surface">
                    <td className={tdClasses}>
                      <Link to={`/admin/articles/${article._id}`} className="font-medium text-ink hover:underline">
                        {article.title}
                      </Link>
                      {article.isFeatured && (
                        <span className="ml-2 inline-flex items-center gap-1 text-xs text-notice">
                          <Star aria-hidden="true" className="size-3" /> Featured
                        </span>
                      )}
                      <span className="block text-xs text-muted">by {article.author?.name ?? "—"}</span>
                    </td>
                    <td className={tdClasses}>
                      <PublishBadge status={article.status} />
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{article.category}</td>
                    <td className={`${tdClasses} whitespace-nowrap text-muted tabular-nums`}>{formatDate(article.publishedAt)}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{article.viewCount.toLocaleString("en-US")}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{article.likeCount.toLocaleString("en-US")}</td>
                    <td className={tdClasses}>
                      {article.status === "published" && (
                        <a
                          href={`/blog/${article.slug}`}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex rounded p-1 text-muted hover:text-ink"
                          aria-label={`Open “${article.title}” on the site (new tab)`}
                        >
                          <ExternalLink aria-hidden="true" className="size-4" />
                        </a>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
          <Pagination
            page={page}
            pages={info.pages}
            total={info.total}
            limit={PAGE_SIZE}
            noun="articles"
            onPage={(next) => set({ page: next }, { keepPage: true })}
          />
        </>
      )}
    </>
  );
}
