import { describe, expect, it } from "vitest";
import { learnHomeStats, trackSummaries } from "./learn-home-data";

const live = [
  { category: "Real Estate Tokenization", description: "Buildings as tokens.", courseCount: 3, totalLessons: 30 },
  { category: "Securities Tokenization", description: "", courseCount: 2, totalLessons: 19 },
  { category: "Empty Track", description: "Nothing yet.", courseCount: 0, totalLessons: 0 },
];

const values = (stats: ReturnType<typeof learnHomeStats>) => Object.fromEntries(stats.map((s) => [s.id, s.value]));

describe("learn home figures", () => {
  it("counts tracks with courses and applies the minimums of 50 instructors and 1000 students", () => {
    expect(values(learnHomeStats(live))).toEqual({ tracks: 2, instructors: 50, students: 1000 });
  });

  it("scales instructors and students with the catalogue once above the minimums", () => {
    const big = [{ category: "A", description: "", courseCount: 40, totalLessons: 250 }];
    expect(values(learnHomeStats(big))).toEqual({ tracks: 1, instructors: 80, students: 2500 });
  });

  it("falls back to 5 tracks, 50 instructors and 1000 students without analytics", () => {
    expect(values(learnHomeStats(null))).toEqual({ tracks: 5, instructors: 50, students: 1000 });
    expect(values(learnHomeStats([]))).toEqual({ tracks: 5, instructors: 50, students: 1000 });
  });
});

describe("track summaries", () => {
  it("hides tracks without courses, slugs the category and rounds half an hour per lesson down", () => {
    const tracks = trackSummaries(live);
    expect(tracks.map((t) => [t.slug, t.courseCount, t.lessonCount, t.hours])).toEqual([
      ["real-estate-tokenization", 3, 30, 15],
      ["securities-tokenization", 2, 19, 9],
    ]);
    expect(tracks[1]?.description).toMatch(/securities law/);
  });

  it("uses the spec's six fallback tracks when the analytics are missing", () => {
    const tracks = trackSummaries(null);
    expect(tracks).toHaveLength(6);
    expect(tracks[0]).toMatchObject({ slug: "real-estate-tokenization", courseCount: 3, lessonCount: 30 });
    expect(tracks.at(-1)).toMatchObject({ slug: "certified-tokenization-agent", lessonCount: 24, hours: 12 });
  });
});
