import { trackDescription, trackHours, trackSlug } from "@vestin/shared/learning-core";
import { fallbackTrackAnalytics, learnHome, type LearnComputedStat } from "../../../content/learning-pages";

/** One category of GET /courses/categories/analytics (description may be absent in the fallback). */
export type TrackAnalytics = { category: string; description?: string; courseCount: number; totalLessons: number };

export type LearnHomeStat = { id: LearnComputedStat["id"]; label: string; value: number; suffix: string };

export type TrackSummary = {
  slug: string;
  title: string;
  description: string;
  courseCount: number;
  lessonCount: number;
  hours: number;
};

/**
 * The hero's three figures: tracks with courses, max(50, 2 × courses) instructors and
 * max(1000, 10 × lessons) students; the spec's fallbacks when there are no analytics.
 */
export function learnHomeStats(categories: TrackAnalytics[] | null): LearnHomeStat[] {
  const hasAnalytics = categories !== null && categories.length > 0;
  const courses = categories?.reduce((sum, c) => sum + c.courseCount, 0) ?? 0;
  const lessons = categories?.reduce((sum, c) => sum + c.totalLessons, 0) ?? 0;
  const computed: Record<LearnHomeStat["id"], number> = {
    tracks: categories?.filter((c) => c.courseCount > 0).length ?? 0,
    instructors: Math.max(50, 2 * courses),
    students: Math.max(1000, 10 * lessons),
  };
  return learnHome.stats.map((stat) => ({
    id: stat.id,
    label: stat.label,
    value: hasAnalytics ? computed[stat.id] : stat.fallback,
    suffix: stat.suffix,
  }));
}

/** The track grid: every category with courses, in the API's order; the spec's list without analytics. */
export function trackSummaries(categories: TrackAnalytics[] | null): TrackSummary[] {
  const source: TrackAnalytics[] = categories && categories.length > 0 ? categories : fallbackTrackAnalytics;
  return source
    .filter((c) => c.courseCount > 0)
    .map((c) => ({
      slug: trackSlug(c.category),
      title: c.category,
      description: c.description?.trim() || trackDescription(c.category),
      courseCount: c.courseCount,
      lessonCount: c.totalLessons,
      hours: trackHours(c.totalLessons),
    }));
}
