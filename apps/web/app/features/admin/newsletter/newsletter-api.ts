import type {
  Campaign,
  CampaignPreview,
  CreateCampaignInput,
  ImportAnswer,
  ImportInput,
  SubscriptionStatus,
  UpdateCampaignInput,
} from "@vestin/shared/newsletter";
import { adminRequest, downloadWithToken, queryString } from "../api/admin-request";

/** The console's calls to /admin/newsletter. */

export const NEWSLETTER_STATS_PATH = "/admin/newsletter/stats";

export type SubscriberFilter = { status?: SubscriptionStatus | ""; search?: string };

export function subscribersPath(filter: SubscriberFilter & { page: number; limit: number }) {
  return `/admin/newsletter/subscribers${queryString({ status: filter.status, search: filter.search?.trim(), page: filter.page, limit: filter.limit })}`;
}

/** The filtered subscribers as CSV, saved under the server's file name. */
export function exportSubscribersCsv(filter: SubscriberFilter) {
  const stamp = new Date().toISOString().slice(0, 10);
  return downloadWithToken(
    `/admin/newsletter/subscribers.csv${queryString({ status: filter.status, search: filter.search?.trim() })}`,
    `vestin-subscribers-${stamp}.csv`,
  );
}

export function importSubscribers(input: ImportInput) {
  return adminRequest<ImportAnswer>("/admin/newsletter/subscribers/import", { method: "POST", body: input });
}

export function campaignsPath(page: number, limit: number) {
  return `/admin/newsletter/campaigns${queryString({ page, limit })}`;
}

export const campaignPath = (id: string) => `/admin/newsletter/campaigns/${encodeURIComponent(id)}`;

export function createCampaign(input: Partial<CreateCampaignInput> & Pick<CreateCampaignInput, "kind">) {
  return adminRequest<Campaign>("/admin/newsletter/campaigns", { method: "POST", body: input });
}

export function updateCampaign(id: string, changes: UpdateCampaignInput) {
  return adminRequest<Campaign>(campaignPath(id), { method: "PATCH", body: changes });
}

export function deleteCampaign(id: string) {
  return adminRequest<null>(campaignPath(id), { method: "DELETE" });
}

export function previewCampaign(id: string) {
  return adminRequest<CampaignPreview>(`${campaignPath(id)}/preview`);
}

export function sendTestCampaign(id: string) {
  return adminRequest<{ to: string }>(`${campaignPath(id)}/test`, { method: "POST" });
}

/** Send now (no time) or schedule it for `scheduledAt` (ISO). */
export function sendCampaign(id: string, scheduledAt?: string) {
  return adminRequest<Campaign>(`${campaignPath(id)}/send`, { method: "POST", body: scheduledAt ? { scheduledAt } : {} });
}

export function cancelCampaign(id: string) {
  return adminRequest<Campaign>(`${campaignPath(id)}/cancel`, { method: "POST" });
}
