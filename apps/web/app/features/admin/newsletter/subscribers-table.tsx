import { Download, FilterX, Search, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { Subscriber, SubscriberCounts } from "@vestin/shared/newsletter";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES, type ConsentSource, type SubscriptionStatus } from "@vestin/shared/newsletter-core";
import { Button } from "~/components/ui/button";
import { AdminInput, AdminSelect } from "../components/admin-fields";
import { EmptyRow, Pagination, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useSearchState } from "../hooks/use-search-state";
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
  const { get, set } = useSearchState();
  const status = isStatus(get("status")) ? (get("status") as SubscriptionStatus) : "";
  const search = get("search");
  const page = Math.max(1, Number(get("page", "1")) || 1);
  const [searchInput, setSearchInput] = useState(search);
  const settled = useDebouncedValue(searchInput, 350);
  useEffect(() => setSearchInput(search), [search]);
  useEffect(() => {
    if (settled.trim() !== search.trim()) set({ search: settled.trim() });
  }, [settled]);

  const list = useAdminQuery<Subscriber[]>(subscribersPath({ status, search, page, limit: PAGE_SIZE }));
  // An import adds rows: the page's `version` changes and the list loads again.
  const { reload } = list;
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  const info = pageInfo(list.body);
  const rows = list.data ?? [];
  const filtered = Boolean(status || search);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    const result = await exportSubscribersCsv({ status, search });
    setExporting(false);
    if (result.ok) toast.success("Export ready", { description: `${result.fileName} is in your downloads.` });
    else toast.error("Export failed", { description: result.message });
  };

  return (
    <Panel
      title="Subscribers"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onImport}>
            <Upload aria-hidden="true" className="size-4" /> Import CSV
          </Button>
          <Button size="sm" variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <Download aria-hidden="true" className="size-4" /> {exporting ? "Preparing…" : "Export CSV"}
          </Button>
        </div>
      }
    >
      <form
        role="search"
        aria-label="Filter subscribers"
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          set({ search: searchInput.trim() });
        }}
      >
        <div className="relative">
          <AdminInput
            label="Search"
            type="search"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder="E-mail address"
            className="pl-9"
          />
          <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted" />
        </div>
        <AdminSelect label="Status" value={status} onChange={(event) => set({ status: event.target.value })}>
          <option value="">All statuses</option>
          {SUBSCRIPTION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {SUBSCRIPTION_STATUS_LABELS[value]}
              {counts ? ` (${counts[value].toLocaleString("en-US")})` : ""}
            </option>
          ))}
        </AdminSelect>
        {filtered ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-10 justify-self-start"
            onClick={() => {
              setSearchInput("");
              set({ status: null, search: null });
            }}
          >
            <FilterX aria-hidden="true" className="size-4" /> Clear filters
          </Button>
        ) : (
          <span aria-hidden="true" className="hidden sm:block" />
        )}
      </form>

      <div className="mt-4">
        {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
        {!list.data ? (
          !list.error && <LoadingBlock label="Loading subscribers…" rows={4} />
        ) : (
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
            <TableFrame label="Subscribers" busy={list.loading} className="hidden sm:block">
              <caption className="sr-only">{`${info.total} subscribers${filtered ? " matching the filters" : ""}`}</caption>
              <thead>
                <tr>
                  <Th>E-mail</Th>
                  <Th>Status</Th>
                  <Th>Source</Th>
                  <Th>Subscribed</Th>
                  <Th>Confirmed</Th>
                  <Th>Unsubscribed</Th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <EmptyRow columns={6}>
                    {filtered ? "No subscribers match these filters." : "No subscribers yet. They join through the site's forms, or import a list."}
                  </EmptyRow>
                ) : (
                  rows.map((subscriber) => (
                    <tr key={subscriber._id} className="hover:bg-surface">
                      <td className={`${tdClasses} font-medium`}>
                        <span className="block max-w-[18rem] truncate" title={subscriber.email}>
                          {subscriber.email}
                        </span>
                      </td>
                      <td className={tdClasses}>
                        <SubscriberStatusBadge status={subscriber.status} />
                      </td>
                      <td className={tdClasses}>
                        {SOURCE_LABELS[subscriber.source] ?? subscriber.source}
                        {subscriber.sourcePage && (
                          <span className="block max-w-[14rem] truncate text-xs text-muted" title={subscriber.sourcePage}>
                            {pageText(subscriber.sourcePage)}
                          </span>
                        )}
                      </td>
                      <td className={`${tdClasses} whitespace-nowrap tabular-nums text-muted`} title={formatDateTime(subscriber.createdAt)}>
                        {formatDate(subscriber.createdAt)}
                      </td>
                      <td className={`${tdClasses} whitespace-nowrap tabular-nums text-muted`}>{formatDate(subscriber.confirmedAt)}</td>
                      <td className={`${tdClasses} whitespace-nowrap tabular-nums text-muted`}>{formatDate(subscriber.unsubscribedAt)}</td>
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
              noun="subscribers"
              onPage={(next) => set({ page: next }, { keepPage: true })}
            />
          </>
        )}
      </div>
    </Panel>
  );
}
