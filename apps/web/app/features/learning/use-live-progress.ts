import { useEffect, useState } from "react";
import { BROWSER_EVENTS } from "@vestin/shared/brand";
import type { Course } from "@vestin/shared/learning";
import { useSessionToken } from "~/lib/session/auth-store";
import { coursesWithProgress } from "./api/learning-api";
import { toast } from "sonner";
import { LEARNING_MESSAGES } from "@vestin/shared/learning-core";

/**
 * The server renders the catalogue for everyone; in the browser a signed-in learner's progress
 * is filled in with one request for the whole page (userProgress), and refreshed when a lesson is
 * completed elsewhere (progress-updated or storage events).
 */
export function useLiveProgress(courses: Course[], query: string): Course[] {
  const token = useSessionToken();
  const [withProgress, setWithProgress] = useState<Course[] | null>(null);
  const ids = courses.map((c) => c._id).join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: ids is a trigger, not an input: when the loader brings other courses under the same query, their progress is asked for again
  useEffect(() => {
    setWithProgress(null);
    if (!token) return;
    let cancelled = false;
    const load = async () => {
      const result = await coursesWithProgress(query);
      if (cancelled) return;
      if (result.ok) setWithProgress(result.data);
      else if (result.status !== 401) toast.error(LEARNING_MESSAGES.progressFailed);
    };
    void load();
    const refresh = () => void load();
    window.addEventListener(BROWSER_EVENTS.progressUpdated, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      cancelled = true;
      window.removeEventListener(BROWSER_EVENTS.progressUpdated, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, [token, ids, query]);

  if (!withProgress) return courses;
  const byId = new Map(withProgress.map((c) => [c._id, c]));
  return courses.map((c) => byId.get(c._id) ?? c);
}
