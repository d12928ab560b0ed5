import { categoryAnalyticsSchema } from "@vestin/shared/learning";
import type { AppLoadContext } from "@vestin/shared/ssr";
import { learnHomeStats, trackSummaries, type TrackAnalytics } from "./learn-home-data";

const analyticsBody = categoryAnalyticsSchema.array();

/** The categories from the in-process API, or null when the call fails or answers nonsense. */
async function fetchCategoryAnalytics(api: AppLoadContext["api"]): Promise<TrackAnalytics[] | null> {
  try {
    const res = await api("/courses/categories/analytics");
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { categories?: unknown } };
    const parsed = analyticsBody.safeParse(body.data?.categories);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Everything /learn computes from the analytics: the hero figures and the track grid. */
export async function loadLearnHome(api: AppLoadContext["api"]) {
  const categories = await fetchCategoryAnalytics(api);
  return { stats: learnHomeStats(categories), tracks: trackSummaries(categories) };
}
