import type { LeadKind } from "@vestin/shared/lead-kinds";

export type DailyCount = { day: string; count: number };
export type CountPair = { total: number; last30Days: number };

/** GET /admin/stats */
export type AdminStats = {
  since: string;
  leadsPerDay: Record<LeadKind, DailyCount[]>;
  leadTotals: Record<LeadKind, number>;
  users: CountPair;
  enrollments: CountPair;
  completions: CountPair;
  certificates: CountPair;
  topArticles: Array<{ _id: string; slug: string; title: string; viewCount: number; likeCount: number }>;
};
