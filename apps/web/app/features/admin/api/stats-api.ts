import type { LeadTypeKey } from "../leads/lead-types";

export type DailyCount = { day: string; count: number };
export type CountPair = { total: number; last30Days: number };

/** GET /admin/stats */
export type AdminStats = {
  since: string;
  leadsPerDay: Record<LeadTypeKey, DailyCount[]>;
  leadTotals: Record<LeadTypeKey, number>;
  users: CountPair;
  enrollments: CountPair;
  completions: CountPair;
  certificates: CountPair;
  topArticles: Array<{ _id: string; slug: string; title: string; viewCount: number; likeCount: number }>;
};
