import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Campaign } from "@vestin/shared/newsletter";
import { EmptyRow, Pagination, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { formatDateTime } from "../leads/lead-types";
import { CAMPAIGN_KIND_LABELS, CampaignStatusBadge } from "./campaign-badges";
import { CampaignProgressBar } from "./campaign-progress";
import { campaignsPath } from "./newsletter-api";

const PAGE_SIZE = 10;
/** While a campaign is being sent, the list refreshes itself this often. */
const REFRESH_MS = 3000;

/** When a campaign went (or goes) out, in words for the table. */
function whenText(campaign: Campaign): string {
  if (campaign.status === "scheduled") return `Scheduled for ${formatDateTime(campaign.scheduledAt)}`;
  if (campaign.status === "sent") return formatDateTime(campaign.finishedAt ?? campaign.startedAt);
  if (campaign.status === "sending") return `Started ${formatDateTime(campaign.startedAt)}`;
  return "—";
}

/** Every campaign, newest first: what it is, where it stands, how far it got and when it went out. */
export function CampaignsList() {
  const [page, setPage] = useState(1);
  const list = useAdminQuery<Campaign[]>(campaignsPath(page, PAGE_SIZE));
  const info = pageInfo(list.body);
  const sending = list.data?.some((c) => c.status === "sending") ?? false;
  const { reload } = list;

  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, reload]);

  return (
    <Panel title="Campaigns">
      {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
      {!list.data ? (
        !list.error && <LoadingBlock label="Loading campaigns…" rows={3} />
      ) : (
        <>
          <ul aria-label="Campaigns" className="divide-y divide-line rounded-xl border border-line sm:hidden">
            {list.data.length === 0 ? (
              <li className="px-3 py-8 text-center text-sm text-muted">No campaigns yet. Choose “New campaign” to write a message or send an article.</li>
            ) : (
              list.data.map((campaign) => (
                <li key={campaign._id} className="px-3 py-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={`/admin/newsletter/campaigns/${campaign._id}`}
                      className="min-w-0 font-medium [overflow-wrap:anywhere] text-ink underline-offset-2 hover:underline"
                    >
                      {campaign.subject || campaign.articleTitle || "Untitled campaign"}
                    </Link>
                    <CampaignStatusBadge status={campaign.status} />
                  </div>
                  <p className="mt-0.5 text-xs text-muted">
                    {CAMPAIGN_KIND_LABELS[campaign.kind]}
                    {campaign.automatic && " · sent on publish"}
                    {campaign.status !== "draft" && campaign.status !== "cancelled" && ` · ${whenText(campaign)}`}
                  </p>
                  {(campaign.status === "sending" || campaign.status === "sent") && (
                    <div className="mt-2">
                      <CampaignProgressBar compact progress={campaign.progress} label={`Progress of “${campaign.subject}”`} />
                    </div>
                  )}
                </li>
              ))
            )}
          </ul>
          <TableFrame label="Campaigns" busy={list.loading && !sending} className="hidden sm:block">
            <caption className="sr-only">{`${info.total} campaigns, newest first`}</caption>
            <thead>
              <tr>
                <Th>Subject</Th>
                <Th>Kind</Th>
                <Th>Status</Th>
                <Th>Progress</Th>
                <Th>Sent</Th>
              </tr>
            </thead>
            <tbody>
              {list.data.length === 0 ? (
                <EmptyRow columns={5}>No campaigns yet. Choose “New campaign” to write a message or send an article.</EmptyRow>
              ) : (
                list.data.map((campaign) => (
                  <tr key={campaign._id} className="hover:bg-surface">
                    <td className={tdClasses}>
                      <Link
                        to={`/admin/newsletter/campaigns/${campaign._id}`}
                        className="block max-w-[22rem] truncate font-medium text-ink underline-offset-2 hover:underline"
                      >
                        {campaign.subject || campaign.articleTitle || "Untitled campaign"}
                      </Link>
                      {campaign.automatic && <span className="text-xs text-muted">Sent on publish</span>}
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{CAMPAIGN_KIND_LABELS[campaign.kind]}</td>
                    <td className={tdClasses}>
                      <CampaignStatusBadge status={campaign.status} />
                    </td>
                    <td className={tdClasses}>
                      {campaign.status === "sending" || campaign.status === "sent" ? (
                        <CampaignProgressBar compact progress={campaign.progress} label={`Progress of “${campaign.subject}”`} />
                      ) : (
                        <span className="text-muted">—</span>
                      )}
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap tabular-nums text-muted`}>{whenText(campaign)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
          {info.pages > 1 && <Pagination {...info} page={page} limit={PAGE_SIZE} noun="campaigns" onPage={setPage} />}
        </>
      )}
    </Panel>
  );
}
