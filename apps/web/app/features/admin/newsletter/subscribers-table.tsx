import { Upload } from "lucide-react";
import { useEffect } from "react";
import type { Subscriber, SubscriberCounts } from "@vestin/shared/newsletter";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES, type ConsentSource, type SubscriptionStatus } from "@vestin/shared/newsletter-core";
import { Button } from "~/components/ui/button";
import { SearchField } from "../components/admin-fields";
import { DataTable, Pagination, Td } from "../components/data-table";
import { ClearFiltersButton, ExportCsvButton, FilterBar, FilterSelect } from "../components/filter-bar";
import { Panel, QueryView } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { useSettledText } from "../hooks/use-settled-text";
import { formatDate, formatDateTime } from "../leads/lead-types";
import { SubscriberStatusBadge } from "./campaign-badges";
import { exportSubscribersCsv, subscribersPath } from "./newsletter-api";

const PAGE_SIZE = 25;

const SOURCE_LABELS: Record<ConsentSource, string> = {
  footer: "Footer form",
  articles: "Articles page",
  article: "Article page",
  signup: "Sign-up",
  account: "Account settings",
  import: "CSV import",
};

/** The page a form was on, in words: "home page" for "/", else the path. */
const pageText = (page: string) => (page === "/" ? "on the home page" : `on ${page}`);
const sourceText = (subscriber: Subscriber) =>
  `${SOURCE_LABELS[subscriber.source] ?? subscriber.source}${subscriber.sourcePage ? ` ${pageText(subscriber.sourcePage)}` : ""}`;

const isStatus = (value: string): value is SubscriptionStatus => (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

/** Subscribers with their status and consent source: filter, search, pages, CSV export and import. */
export function SubscribersTable({ counts, onImport, version }: { counts: SubscriberCounts | undefined; onImport: () => void; version: number }) {
  const { get, set, page, setPage } = useSearchState();
  const status = isStatus(get("status")) ? (get("status") as SubscriptionStatus) : "";
  const search = get("search");
  const [searchInput, setSearchInput] = useSettledText(search, (text) => set({ search: text }));

  const list = useAdminQuery<Subscriber[]>(subscribersPath({ status, search, page, limit: PAGE_SIZE }));
  // An import adds rows: the page's `version` changes and the list loads again.
  const { reload } = list;
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  const info = pageInfo(list.body);
  const rows = list.data ?? [];
  const filtered = Boolean(status || search);

  return (
    <Panel
      title="Subscribers"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onImport}>
            <Upload aria-hidden="true" className="size-4" /> Import CSV
          </Button>
          <ExportCsvButton download={() => exportSubscribersCsv({ status, search })} />
        </div>
      }
    >
      <FilterBar
        label="Filter subscribers"
        boxed={false}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={() => set({ search: searchInput.trim() })}
      >
        <SearchField label="Search" value={searchInput} onChange={(event) => setSearchInput(event.target.value)} placeholder="E-mail address" />
        <FilterSelect
          label="Status"
          value={status}
          any="All statuses"
          options={SUBSCRIPTION_STATUSES}
          optionLabel={(value) => `${SUBSCRIPTION_STATUS_LABELS[value]}${counts ? ` (${counts[value].toLocaleString("en-US")})` : ""}`}
          onChange={(value) => set({ status: value })}
        />
        {filtered ? (
          <ClearFiltersButton
            className="h-10 justify-self-start"
            onClick={() => {
              setSearchInput("");
              set({ status: null, search: null });
            }}
          />
        ) : (
          <span aria-hidden="true" className="hidden sm:block" />
        )}
      </FilterBar>

      <div className="mt-4">
        <QueryView query={list} label="Loading subscribers…" rows={4}>
          {() => (
            <>
              {/* Phones get one card per subscriber; the table (which would scroll sideways) from 640 px. */}
              <ul aria-label="Subscribers" aria-busy={list.loading || undefined} className="divide-y divide-line rounded-xl border border-line sm:hidden">
                {rows.length === 0 ? (
                  <li className="px-3 py-8 text-center text-sm text-muted">{filtered ? "No subscribers match these filters." : "No subscribers yet."}</li>
                ) : (
                  rows.map((subscriber) => (
                    <li key={subscriber._id} className="px-3 py-2.5 text-sm">
                      <div className="flex items-start justify-between gap-2">
                        <span className="min-w-0 font-medium [overflow-wrap:anywhere] text-ink">{subscriber.email}</span>
                        <SubscriberStatusBadge status={subscriber.status} />
                      </div>
                      <p className="mt-0.5 text-xs text-muted">
                        {sourceText(subscriber)} · since {formatDate(subscriber.createdAt)}
                      </p>
                    </li>
                  ))
                )}
              </ul>
              <DataTable
                label="Subscribers"
                busy={list.loading}
                className="hidden sm:block"
                caption={`${info.total} subscribers${filtered ? " matching the filters" : ""}`}
                columns={["E-mail", "Status", "Source", "Subscribed", "Confirmed", "Unsubscribed"]}
                rows={rows}
                empty={filtered ? "No subscribers match these filters." : "No subscribers yet. They join through the site's forms, or import a list."}
              >
                {(subscriber) => (
                  <tr key={subscriber._id} className="hover:bg-surface">
                    <Td className="font-medium">
                      <span className="block max-w-[18rem] truncate" title={subscriber.email}>
                        {subscriber.email}
                      </span>
                    </Td>
                    <Td>
                      <SubscriberStatusBadge status={subscriber.status} />
                    </Td>
                    <Td>
                      {SOURCE_LABELS[subscriber.source] ?? subscriber.source}
                      {subscriber.sourcePage && (
                        <span className="block max-w-[14rem] truncate text-xs text-muted" title={subscriber.sourcePage}>
                          {pageText(subscriber.sourcePage)}
                        </span>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums text-muted" title={formatDateTime(subscriber.createdAt)}>
                      {formatDate(subscriber.createdAt)}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums text-muted">{formatDate(subscriber.confirmedAt)}</Td>
                    <Td className="whitespace-nowrap tabular-nums text-muted">{formatDate(subscriber.unsubscribedAt)}</Td>
                  </tr>
                )}
              </DataTable>
              <Pagination {...info} page={page} limit={PAGE_SIZE} noun="subscribers" onPage={setPage} />
            </>
          )}
        </QueryView>
      </div>
    </Panel>
  );
}
