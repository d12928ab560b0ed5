import type { LeadKind } from "@vestin/shared/lead-kinds";
import type { Lead, LeadStatus } from "../leads/lead-types";
import { adminRequest, downloadWithToken, queryString } from "./admin-request";

export type LeadFilter = {
  status?: string;
  verified?: string;
  wallet?: string;
  claimStatus?: string;
  source?: string;
  campaign?: string;
  search?: string;
  from?: string;
  to?: string;
};
export type LeadListQuery = LeadFilter & { page?: number; limit?: number; sort?: string; order?: "asc" | "desc" };

/** A calendar day from a date input as the start or the end of that day (UTC). */
export function dayBoundary(day: string, edge: "start" | "end"): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return edge === "start" ? `${day}T00:00:00.000Z` : `${day}T23:59:59.999Z`;
}

function filterParams(filter: LeadFilter) {
  return {
    status: filter.status,
    verified: filter.verified,
    wallet: filter.wallet,
    claimStatus: filter.claimStatus,
    source: filter.source?.trim(),
    campaign: filter.campaign?.trim(),
    search: filter.search?.trim(),
    from: filter.from ? dayBoundary(filter.from, "start") : undefined,
    to: filter.to ? dayBoundary(filter.to, "end") : undefined,
  };
}

export function leadListPath(type: LeadKind, query: LeadListQuery): string {
  return `/admin/leads/${type}${queryString({ ...filterParams(query), page: query.page, limit: query.limit, sort: query.sort, order: query.order })}`;
}

export function leadPath(type: LeadKind, id: string): string {
  return `/admin/leads/${type}/${encodeURIComponent(id)}`;
}

export function updateLead(type: LeadKind, id: string, changes: { status?: LeadStatus; note?: string | null }) {
  return adminRequest<Lead>(leadPath(type, id), { method: "PATCH", body: changes });
}

/** The current filter as CSV, saved under the server's file name. */
export function exportLeadsCsv(type: LeadKind, filter: LeadFilter) {
  const stamp = new Date().toISOString().slice(0, 10);
  return downloadWithToken(`/admin/leads/${type}/export.csv${queryString(filterParams(filter))}`, `vestin-${type}-${stamp}.csv`);
}
