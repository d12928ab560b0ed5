import { Star } from "lucide-react";
import { Link } from "react-router";
import { articleListPath, type AdminArticleSummary } from "../api/content-api";
import { SearchField } from "../components/admin-fields";
import { AdminPageTitle, NewLink, OpenOnSiteIcon } from "../components/admin-page-title";
import { DataTable, Pagination, Td } from "../components/data-table";
import { FilterBar } from "../components/filter-bar";
import { QueryView } from "../components/query-states";
import { PublishBadge } from "../components/status-badge";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { useSettledText } from "../hooks/use-settled-text";
import { formatDate } from "../leads/lead-types";
import { PublishStatusSelect } from "./publish-status-select";
import { ScheduledMoment } from "./scheduled-moment";

const PAGE_SIZE = 25;

/** Every article, drafts included, newest first. */
export function ArticlesList() {
  const { get, set, page, setPage } = useSearchState();
  const search = get("search");
  const status = ["published", "draft", "scheduled"].includes(get("status")) ? get("status") : "";
  // Only a settled search writes the address bar.
  const [searchInput, setSearchInput] = useSettledText(search, (text) => set({ search: text }));

  const list = useAdminQuery<AdminArticleSummary[]>(articleListPath({ search, status, page, limit: PAGE_SIZE }));
  const info = pageInfo(list.body);

  return (
    <>
      <AdminPageTitle
        title="Articles"
        description="Blog articles, drafts included. Drafts and scheduled articles are not shown on the site until they are published."
        actions={<NewLink to="/admin/articles/new">New article</NewLink>}
      />
      <FilterBar label="Filter articles" className="mb-4 grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchField label="Search titles" value={searchInput} onChange={(event) => setSearchInput(event.target.value)} placeholder="Title…" />
        <PublishStatusSelect scheduled value={status} onChange={(next) => set({ status: next })} />
      </FilterBar>
      <QueryView query={list} label="Loading articles…">
        {(articles) => (
          <>
            <DataTable
              label="Articles"
              busy={list.loading}
              columns={[
                "Title",
                "Status",
                "Category",
                "Published",
                { label: "Views", className: "text-right" },
                { label: "Likes", className: "text-right" },
                { label: "On the site", hidden: true },
              ]}
              rows={articles}
              empty={search || status ? "No articles match these filters." : "No articles yet."}
            >
              {(article) => (
                <tr key={article._id} className="hover:bg-surface">
                  <Td>
                    <Link to={`/admin/articles/${article._id}`} className="font-medium text-ink hover:underline">
                      {article.title}
                    </Link>
                    {article.isFeatured && (
                      <span className="ml-2 inline-flex items-center gap-1 text-xs text-notice">
                        <Star aria-hidden="true" className="size-3" /> Featured
                      </span>
                    )}
                    <span className="block text-xs text-muted">by {article.author?.name ?? "—"}</span>
                  </Td>
                  <Td>
                    <PublishBadge status={article.status} />
                  </Td>
                  <Td className="whitespace-nowrap">{article.category}</Td>
                  <Td className="whitespace-nowrap text-muted tabular-nums">
                    {article.status === "scheduled" && article.scheduledAt ? <ScheduledMoment at={article.scheduledAt} /> : formatDate(article.publishedAt)}
                  </Td>
                  <Td className="text-right tabular-nums">{article.viewCount.toLocaleString("en-US")}</Td>
                  <Td className="text-right tabular-nums">{article.likeCount.toLocaleString("en-US")}</Td>
                  <Td>{article.status === "published" && <OpenOnSiteIcon href={`/blog/${article.slug}`} title={article.title} className="inline-flex" />}</Td>
                </tr>
              )}
            </DataTable>
            <Pagination {...info} page={page} limit={PAGE_SIZE} noun="articles" onPage={setPage} />
          </>
        )}
      </QueryView>
    </>
  );
}
