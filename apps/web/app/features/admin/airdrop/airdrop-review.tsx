import { Inbox } from "lucide-react";
import { formatTokenUnits } from "@vestin/shared/airdrop-rewards";
import { Tabs as RadixTabs } from "radix-ui";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { TabsList, TabsTrigger } from "~/components/ui/tabs";
import { describeFailure } from "../api/admin-request";
import { claimCounts, claimListPath, decideClaim, type ClaimStatus, type ReviewClaim, type ReviewDecision } from "../api/airdrop-review-api";
import { SearchField } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { Pagination } from "../components/data-table";
import { LoadError, LoadingBlock } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { FilterBar } from "../components/filter-bar";
import { useSearchState } from "../hooks/use-search-state";
import { useSettledText } from "../hooks/use-settled-text";
import { ClaimCard } from "./claim-card";
import { DecisionDialog } from "./decision-dialog";
import { CLAIM_STATUS_LABELS, isClaimStatus, REVIEW_COPY, REVIEW_TABS } from "./review-copy";

const PAGE_SIZE = 20;

/**
 * The airdrop review queue: claims by status (pending first, with counts), each with its full
 * wallet and how it compares with the leaderboard; approve or reject with an optional note.
 * Filters live in the address bar, like the leads inbox.
 */
export function AirdropReview() {
  const { get, set, page, setPage } = useSearchState();
  const status: ClaimStatus = isClaimStatus(get("status")) ? (get("status") as ClaimStatus) : "pending_review";
  const search = get("search");

  const [searchInput, setSearchInput] = useSettledText(search, (text) => set({ search: text }));

  const path = claimListPath({ claimStatus: status, search, page, limit: PAGE_SIZE });
  const list = useAdminQuery<ReviewClaim[]>(path);
  const info = pageInfo(list.body);
  const counts = claimCounts(list.body);
  // Claims of another tab (just switched) are not shown under this one.
  const current = list.dataPath?.includes(`claimStatus=${status}`) ?? false;
  const claims = current ? (list.data ?? []) : [];

  const [deciding, setDeciding] = useState<{ claim: ReviewClaim; decision: ReviewDecision } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const decide = async (note: string): Promise<string | undefined> => {
    if (!deciding) return undefined;
    const { claim, decision } = deciding;
    const result = await decideClaim(claim._id, decision, note);
    // A refused note or a lost connection keeps the dialog open with its words (status 0: no answer came).
    if (!result.ok && (result.status === 400 || result.status === 0)) return result.errors?.note ?? describeFailure(result);
    setDeciding(null);
    if (result.ok) {
      toast.success(decision === "approve" ? REVIEW_COPY.approved : REVIEW_COPY.rejected, {
        description: `${claim.zealyUsername} · ${formatTokenUnits(claim.vstnRewardUnits)} VSTN`,
      });
      // The decided claim leaves this tab at once; the reload brings the counts and the next page.
      list.setData((rows) => rows?.filter((row) => row._id !== claim._id));
    } else {
      toast.error(REVIEW_COPY.decisionFailed, { description: describeFailure(result) });
    }
    list.reload();
    listRef.current?.focus();
    return undefined;
  };

  const emptyText = search
    ? REVIEW_COPY.noMatch(search)
    : status === "pending_review"
      ? REVIEW_COPY.emptyPending
      : status === "granted"
        ? REVIEW_COPY.emptyGranted
        : REVIEW_COPY.emptyRejected;

  return (
    <>
      <AdminPageTitle title={REVIEW_COPY.title} description={REVIEW_COPY.description} />
      <RadixTabs.Root value={status} onValueChange={(value) => set({ status: value === "pending_review" ? null : value })}>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <TabsList aria-label={REVIEW_COPY.tabsLabel} className="relative w-full sm:w-auto">
            {REVIEW_TABS.map((key) => (
              <TabsTrigger key={key} value={key} className="h-9 px-3 sm:px-4">
                {key === "pending_review" ? (
                  <>
                    <span className="sm:hidden">Pending</span>
                    <span className="hidden sm:inline">{CLAIM_STATUS_LABELS[key]}</span>
                  </>
                ) : (
                  CLAIM_STATUS_LABELS[key]
                )}
                {counts && (
                  <span className="rounded-full bg-black/10 px-1.5 py-px text-xs tabular-nums in-data-[state=active]:bg-white/20">
                    <span className="sr-only">(</span>
                    {counts[key].toLocaleString("en-US")}
                    <span className="sr-only">)</span>
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
          <FilterBar label={REVIEW_COPY.searchLabel} boxed={false} className="w-full lg:w-80" onSubmit={() => set({ search: searchInput.trim() })}>
            <SearchField
              label={REVIEW_COPY.searchLabel}
              hideLabel
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder={REVIEW_COPY.searchPlaceholder}
            />
          </FilterBar>
        </div>

        {REVIEW_TABS.map((key) => (
          <RadixTabs.Content key={key} value={key} className="mt-4 focus-visible:outline-2 focus-visible:outline-offset-4">
            {key === status && (
              <div ref={listRef} tabIndex={-1} aria-busy={list.loading || undefined} className="focus:outline-none">
                {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
                {!current && !list.error ? (
                  <LoadingBlock label="Loading claims…" rows={3} />
                ) : (
                  current &&
                  (claims.length === 0 ? (
                    <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
                      <Inbox aria-hidden="true" className="size-8 text-muted" />
                      <p className="mt-3 font-semibold text-ink">{emptyText}</p>
                      {!search && status === "pending_review" && <p className="mt-1 max-w-md text-sm text-muted">{REVIEW_COPY.emptyPendingHint}</p>}
                    </div>
                  ) : (
                    <>
                      <ul className="grid gap-3 2xl:grid-cols-2" aria-label={`${CLAIM_STATUS_LABELS[status]} claims`}>
                        {claims.map((claim) => (
                          <li key={claim._id}>
                            <ClaimCard claim={claim} onDecide={(picked, decision) => setDeciding({ claim: picked, decision })} />
                          </li>
                        ))}
                      </ul>
                      <Pagination {...info} page={page} limit={PAGE_SIZE} noun="claims" onPage={setPage} />
                    </>
                  ))
                )}
              </div>
            )}
          </RadixTabs.Content>
        ))}
      </RadixTabs.Root>

      <DecisionDialog pending={deciding} onClose={() => setDeciding(null)} onConfirm={decide} />
    </>
  );
}
