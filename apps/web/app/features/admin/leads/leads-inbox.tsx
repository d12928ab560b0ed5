import { LEAD_KINDS, leadKindOfLink, type LeadKind } from "@vestin/shared/lead-kinds";
import { Tabs as RadixTabs } from "radix-ui";
import { Badge } from "~/components/ui/badge";
import { EmailText } from "~/components/ui/email-text";
import { TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { exportLeadsCsv, leadListPath, type LeadFilter } from "../api/leads-api";
import { AdminInput, SearchField } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { EmptyRow, HeadRow, Pagination, SortableTh, TableFrame, TBody, Td, Th, THead, Tr, type SortOrder } from "../components/data-table";
import { ClearFiltersButton, ExportCsvButton, FilterBar, FilterSelect } from "../components/filter-bar";
import { LoadError, LoadingBlock } from "../components/query-states";
import { LeadStatusBadge, VerifiedBadge } from "../components/status-badge";
import { ClaimStatusBadge } from "../airdrop/claim-card";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { useSettledText } from "../hooks/use-settled-text";
import type { AdminStats } from "../api/stats-api";
import { LeadDetailPanel } from "./lead-detail-panel";
import {
  CLAIM_STATUS_LABELS,
  CLAIM_STATUSES,
  fieldText,
  isClaimStatus,
  isLeadStatus,
  isVerificationFilter,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_TYPES,
  VERIFICATION_FILTERS,
  VERIFICATION_LABELS,
  WALLET_LABELS,
  type Lead,
} from "./lead-types";

const PAGE_SIZE = 25;
/** Columns holding e-mail addresses: shown whole, wrapped, never truncated. */
const EMAIL_FIELDS = new Set(["email", "emailOrTelegram"]);

/** Every kind of lead in one inbox: a tab per kind, filters in the address bar, a detail panel. */
export function LeadsInbox() {
  const { get, set, page, setPage } = useSearchState();
  // An earlier key (`type=testnet`, in links already e-mailed to the team) opens its kind's tab.
  const type: LeadKind = leadKindOfLink(get("type")) ?? "enquiries";
  const config = LEAD_TYPES[type];
  const status = isLeadStatus(get("status")) ? get("status") : "";
  // Only presale, waitlist and airdrop leads confirm their e-mail address.
  const verified = config.confirmed && isVerificationFilter(get("verified")) ? get("verified") : "";
  // Presale and airdrop wallets can be proven by signature; airdrop claims also have a review state.
  const wallet = config.walletProof && isVerificationFilter(get("wallet")) ? get("wallet") : "";
  const claimStatus = config.claims && isClaimStatus(get("claimStatus")) ? get("claimStatus") : "";
  const from = get("from");
  const to = get("to");
  const search = get("search");
  // Campaign attribution: exact values, as the Sources page links here with them.
  const source = get("source");
  const campaign = get("campaign");
  const sort = config.columns.some((c) => c.sort === get("sort")) ? get("sort") : "created_at";
  const order: SortOrder = get("order") === "asc" ? "asc" : "desc";
  const openLead = get("lead") || null;

  // The search box answers every key press; the list follows once typing pauses.
  const [searchInput, setSearchInput] = useSettledText(search, (text) => set({ search: text }));

  const filter: LeadFilter = { status, verified, wallet, claimStatus, source, campaign, search, from, to };
  const list = useAdminQuery<Lead[]>(leadListPath(type, { ...filter, page, limit: PAGE_SIZE, sort, order }));
  const stats = useAdminQuery<AdminStats>("/admin/stats");
  const info = pageInfo(list.body);
  // Rows of another kind of lead (just switched tabs) would not fit these columns.
  const current = list.dataPath?.startsWith(`/admin/leads/${type}?`) || list.dataPath === `/admin/leads/${type}`;
  const rows = current ? (list.data ?? []) : [];
  const activeFilters = [status, verified, wallet, claimStatus, source, campaign, search, from, to].filter(Boolean).length;
  const filtered = activeFilters > 0;

  const columns = config.columns.length;

  return (
    <>
      <AdminPageTitle
        title="Leads inbox"
        description="Everything visitors sent through the site's forms. Open a lead to read it in full, set its status and keep a note for the team."
        actions={<ExportCsvButton download={() => exportLeadsCsv(type, filter)} />}
      />
      <RadixTabs.Root
        value={type}
        onValueChange={(value) => {
          // Another kind of lead: a search still being typed is dropped, not applied to it.
          setSearchInput(search);
          set({ type: value === "enquiries" ? null : value, lead: null, sort: null, order: null });
        }}
      >
        <TabsList aria-label="Kind of lead" className="relative w-full sm:w-auto">
          {LEAD_KINDS.map((key) => {
            const total = stats.data?.leadTotals?.[key];
            return (
              <TabsTrigger key={key} value={key} className="h-9 px-3 sm:px-4">
                {LEAD_TYPES[key].tab}
                {total !== undefined && (
                  <span className="rounded-full bg-black/10 px-1.5 py-px text-xs tabular-nums in-data-[state=active]:bg-white/20">
                    <span className="sr-only">(</span>
                    {total.toLocaleString("en-US")}
                    <span className="sr-only"> in total)</span>
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {LEAD_KINDS.map((key) => (
          <RadixTabs.Content key={key} value={key} className="mt-4 focus-visible:outline-2 focus-visible:outline-offset-4">
            {key === type && (
              <>
                <FilterBar
                  label={`Filter ${config.noun}`}
                  className={cn(
                    "grid grid-cols-2 gap-3 lg:items-end",
                    config.claims
                      ? "lg:grid-cols-4 2xl:grid-cols-[minmax(12rem,2fr)_repeat(8,minmax(6.5rem,1fr))_auto]"
                      : config.walletProof
                        ? "lg:grid-cols-4 2xl:grid-cols-[minmax(12rem,2fr)_repeat(7,minmax(7rem,1fr))_auto]"
                        : config.confirmed
                          ? "lg:grid-cols-4 2xl:grid-cols-[minmax(12rem,2fr)_repeat(6,minmax(7.5rem,1fr))_auto]"
                          : "lg:grid-cols-3 xl:grid-cols-[minmax(12rem,2fr)_repeat(5,minmax(7.5rem,1fr))_auto]",
                  )}
                  onSubmit={() => set({ search: searchInput.trim() })}
                  collapsible={{ active: activeFilters }}
                >
                  <SearchField
                    wrapperClassName="col-span-2 lg:col-span-1"
                    label="Search"
                    value={searchInput}
                    onChange={(event) => setSearchInput(event.target.value)}
                    placeholder="Name, e-mail, wallet…"
                  />
                  <FilterSelect
                    wrapperClassName="col-span-2 lg:col-span-1"
                    label="Status"
                    value={status}
                    any="All statuses"
                    options={LEAD_STATUSES}
                    optionLabel={(value) => LEAD_STATUS_LABELS[value]}
                    onChange={(value) => set({ status: value })}
                  />
                  {config.confirmed && (
                    <FilterSelect
                      wrapperClassName="col-span-2 lg:col-span-1"
                      label="E-mail"
                      value={verified}
                      any="Verified or not"
                      options={VERIFICATION_FILTERS}
                      optionLabel={(value) => VERIFICATION_LABELS[value]}
                      onChange={(value) => set({ verified: value })}
                    />
                  )}
                  {config.walletProof && (
                    <FilterSelect
                      wrapperClassName="col-span-2 lg:col-span-1"
                      label="Wallet"
                      value={wallet}
                      any="Verified or not"
                      options={VERIFICATION_FILTERS}
                      optionLabel={(value) => WALLET_LABELS[value]}
                      onChange={(value) => set({ wallet: value })}
                    />
                  )}
                  {config.claims && (
                    <FilterSelect
                      wrapperClassName="col-span-2 lg:col-span-1"
                      label="Claim"
                      value={claimStatus}
                      any="Every claim status"
                      options={CLAIM_STATUSES}
                      optionLabel={(value) => CLAIM_STATUS_LABELS[value]}
                      onChange={(value) => set({ claimStatus: value })}
                    />
                  )}
                  <ExactFilterInput label="Source" value={source} placeholder="utm_source" onCommit={(value) => set({ source: value })} />
                  <ExactFilterInput label="Campaign" value={campaign} placeholder="utm_campaign" onCommit={(value) => set({ campaign: value })} />
                  <AdminInput label="From (UTC)" type="date" value={from} max={to || undefined} onChange={(event) => set({ from: event.target.value })} />
                  <AdminInput label="To (UTC)" type="date" value={to} min={from || undefined} onChange={(event) => set({ to: event.target.value })} />
                  {filtered && (
                    <ClearFiltersButton
                      className="col-span-2 h-10 justify-self-start lg:col-span-1"
                      onClick={() => {
                        setSearchInput("");
                        set({
                          status: null,
                          verified: null,
                          wallet: null,
                          claimStatus: null,
                          source: null,
                          campaign: null,
                          search: null,
                          from: null,
                          to: null,
                        });
                      }}
                    />
                  )}
                </FilterBar>

                <div className="mt-4">
                  {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
                  {!current && !list.error ? (
                    <LoadingBlock label={`Loading ${config.noun}…`} />
                  ) : (
                    current && (
                      <>
                        <TableFrame label={`${config.tab}: ${config.noun}`} busy={list.loading}>
                          <caption className="sr-only">
                            {`${LEAD_TYPES[type].tab}, ${info.total} ${config.noun}${filtered ? " matching the filters" : ""}. Column headers sort the table.`}
                          </caption>
                          <THead>
                            <HeadRow>
                              {config.columns.map((column) =>
                                column.sort ? (
                                  <SortableTh
                                    key={column.field}
                                    column={column.sort}
                                    label={column.label}
                                    sort={sort}
                                    order={order}
                                    onSort={(nextSort, nextOrder) =>
                                      set({
                                        sort: nextSort === "created_at" && nextOrder === "desc" ? null : nextSort,
                                        order: nextOrder === "desc" ? null : nextOrder,
                                      })
                                    }
                                  />
                                ) : (
                                  <Th key={column.field}>{column.label}</Th>
                                ),
                              )}
                            </HeadRow>
                          </THead>
                          <TBody>
                            {rows.length === 0 ? (
                              <EmptyRow columns={columns}>{filtered ? `No ${config.noun} match these filters.` : `No ${config.noun} yet.`}</EmptyRow>
                            ) : (
                              rows.map((lead) => (
                                <Tr
                                  key={lead._id}
                                  onClick={() => set({ lead: lead._id }, { keepPage: true })}
                                  className={cn("cursor-pointer hover:bg-surface", openLead === lead._id && "bg-brand-violet/5")}
                                >
                                  {config.columns.map((column, index) => {
                                    const text = column.text ? column.text(lead) : fieldText(column.field, lead[column.field]);
                                    return (
                                      <Td
                                        key={column.field}
                                        label={column.label}
                                        className={cn(index === 0 && "whitespace-nowrap text-muted tabular-nums", index === 1 && "font-medium")}
                                      >
                                        {column.field === "status" ? (
                                          <LeadStatusBadge status={lead.status} />
                                        ) : column.field === "verifiedAt" ? (
                                          <VerifiedBadge verifiedAt={lead.verifiedAt} />
                                        ) : column.field === "walletVerifiedAt" ? (
                                          <span className="whitespace-nowrap">
                                            <WalletBadge verifiedAt={lead.walletVerifiedAt} />
                                          </span>
                                        ) : column.field === "claimStatus" && typeof lead.claimStatus === "string" && isClaimStatus(lead.claimStatus) ? (
                                          <span className="whitespace-nowrap">
                                            <ClaimStatusBadge status={lead.claimStatus} />
                                          </span>
                                        ) : index === 1 ? (
                                          <button
                                            type="button"
                                            className="max-w-[16rem] truncate text-left font-medium text-ink underline-offset-2 hover:underline max-sm:max-w-full max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]"
                                            onClick={(event) => {
                                              event.stopPropagation();
                                              set({ lead: lead._id }, { keepPage: true });
                                            }}
                                          >
                                            {text}
                                          </button>
                                        ) : EMAIL_FIELDS.has(column.field) ? (
                                          <EmailText email={text} className="block max-w-[18rem]" />
                                        ) : (
                                          <span className="block max-w-[18rem] truncate max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]">{text}</span>
                                        )}
                                      </Td>
                                    );
                                  })}
                                </Tr>
                              ))
                            )}
                          </TBody>
                        </TableFrame>
                        <Pagination {...info} page={page} limit={PAGE_SIZE} noun={config.noun} onPage={setPage} />
                      </>
                    )
                  )}
                </div>
              </>
            )}
          </RadixTabs.Content>
        ))}
      </RadixTabs.Root>

      <LeadDetailPanel
        type={type}
        leadId={openLead}
        onClose={() => set({ lead: null }, { keepPage: true })}
        onSaved={(saved) => {
          list.setData((current) => current?.map((lead) => (lead._id === saved._id ? saved : lead)));
          stats.reload();
        }}
      />
    </>
  );
}

/**
 * A text filter matched exactly (utm_source, utm_campaign): the address bar follows once typing
 * pauses, and the box follows the address bar (a link from the Sources page, "Clear filters").
 */
function ExactFilterInput({ label, value, placeholder, onCommit }: { label: string; value: string; placeholder: string; onCommit: (value: string) => void }) {
  const [text, setText] = useSettledText(value, onCommit);
  return (
    <AdminInput label={label} value={text} placeholder={placeholder} autoComplete="off" spellCheck={false} onChange={(event) => setText(event.target.value)} />
  );
}

/** Whether the lead's wallet was proven by a signature (the time in the tooltip and the detail panel). */
function WalletBadge({ verifiedAt }: { verifiedAt: unknown }) {
  return verifiedAt ? <Badge tone="success">Signed</Badge> : <Badge tone="neutral">Not verified</Badge>;
}
