import { useEffect, useState } from "react";
import { BROWSER_EVENTS } from "@vestin/shared/brand";
import type { MyCourse } from "@vestin/shared/me";
import { useSessionToken } from "~/lib/session/auth-store";

/**
 * The signed-in learner's standing in one course, with the lesson to resume; null for visitors,
 * learners not enrolled, or while it loads. Asked again when a lesson is completed (the resume
 * point falls back to the first lesson not done).
 */
export function useCourseResume(courseSlug: string, enrolled: boolean): MyCourse | null {
  const token = useSessionToken();
  const [course, setCourse] = useState<MyCourse | null>(null);

  useEffect(() => {
    setCourse(null);
    if (!token || !enrolled) return;
    let cancelled = false;
    // The API module checks answers against the shared schemas (zod): loaded for a signed-in,
    // enrolled learner only, so a visitor's course page does not download it.
    const load = () =>
      void import("./api/my-learning-api")
        .then(({ myCourse }) => myCourse(courseSlug))
        .then((result) => {
          // 404 (not enrolled after all) or a failure: the page simply offers no resume link.
          if (!cancelled) setCourse(result.ok ? result.data : null);
        });
    load();
    window.addEventListener(BROWSER_EVENTS.progressUpdated, load);
    return () => {
      cancelled = true;
      window.removeEventListener(BROWSER_EVENTS.progressUpdated, load);
    };
  }, [token, courseSlug, enrolled]);

  return course;
}
