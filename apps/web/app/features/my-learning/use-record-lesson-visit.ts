import { useEffect, useRef } from "react";
import { useAuth } from "~/lib/session/auth-store";

/**
 * Tells the server that an enrolled learner is looking at a lesson, once per lesson shown, so My
 * learning and the course page can offer to resume it. Visitors and learners not enrolled send nothing.
 */
export function useRecordLessonVisit(lessonId: string | undefined, enrolled: boolean) {
  const auth = useAuth();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!lessonId || auth.isLoading || !auth.isAuthenticated || !enrolled) return;
    const key = `${auth.token ?? ""}|${lessonId}`;
    if (recorded.current === key) return;
    recorded.current = key;
    // Loaded for an enrolled learner only (the module brings the shared schemas): see useCourseResume.
    void import("./api/my-learning-api").then(({ recordLessonVisit }) => recordLessonVisit(lessonId));
  }, [lessonId, enrolled, auth.isLoading, auth.isAuthenticated, auth.token]);
}
