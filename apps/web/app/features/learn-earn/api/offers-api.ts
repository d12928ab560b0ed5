import { apiRequest } from "~/lib/api-client";
import type { Offers } from "../logic";

const isRecordOfNumbers = (value: unknown): value is Record<string, number> =>
  Boolean(value) && typeof value === "object" && Object.values(value as object).every((v) => typeof v === "number");

/**
 * GET /learn-earn/offers (public, cached): the XP the running sprint's quests offer per course,
 * track and the placement quiz. Read without the schema library (the catalogue is a public page):
 * an answer of another shape is no offer at all, never an error on the page.
 */
export async function learnEarnOffers(signal?: AbortSignal): Promise<Offers | null> {
  const result = await apiRequest<Partial<Offers> | undefined>("/learn-earn/offers", { token: false, ...(signal ? { signal } : {}) });
  if (!result.ok || !result.data) return null;
  const { sprint, courses, tracks, placementXp } = result.data;
  if (!sprint || typeof sprint.name !== "string") return null;
  return {
    sprint: { id: String(sprint.id), name: sprint.name, endsAt: typeof sprint.endsAt === "string" ? sprint.endsAt : null },
    courses: isRecordOfNumbers(courses) ? courses : {},
    tracks: isRecordOfNumbers(tracks) ? tracks : {},
    placementXp: typeof placementXp === "number" ? placementXp : null,
  };
}
