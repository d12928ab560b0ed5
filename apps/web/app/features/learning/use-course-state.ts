import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { LEARNING_MESSAGES, TOAST_MS } from "@vestin/shared/learning-core";
import type { Lesson } from "@vestin/shared/learning";
import { useIsAuthenticated, useSessionToken } from "~/lib/session/auth-store";
import { completeLesson, courseLessons, enroll, forgetCourse, type CourseWithLessons } from "./api/learning-api";

export type CompleteOutcome = "completed" | "finished-course" | "not-enrolled" | "signed-out" | "failed";

/**
 * A course and its lessons as this visitor sees them: the server-rendered public data first, then,
 * for a signed-in learner, the same data with their progress; plus enrol and complete actions.
 */
export function useCourseState(initial: CourseWithLessons) {
  const isAuthenticated = useIsAuthenticated();
  const token = useSessionToken();
  const [data, setData] = useState(initial);
  const [enrolling, setEnrolling] = useState(false);
  const [enrollError, setEnrollError] = useState<string | null>(null);
  const [progressLoaded, setProgressLoaded] = useState(false);
  const [contentFailed, setContentFailed] = useState(false);
  const [shown, setShown] = useState(initial);
  const courseId = initial.course._id;

  // New loader data (another lesson, another course): take it during this render, so a page never
  // shows a lesson from the data before. A signed-in learner's full copy of the same course (with
  // progress and every lesson's text) is kept rather than traded for the public outline.
  if (shown !== initial) {
    setShown(initial);
    setData((prev) => (isAuthenticated && !prev.omittedContent && prev.course._id === initial.course._id ? prev : initial));
  }

  // Only the latest reload's answer is taken: an earlier one that arrives late never puts back
  // progress from before a completion.
  const latestReload = useRef(0);
  const reload = useCallback(
    async (fresh = false) => {
      if (!isAuthenticated) return;
      const ticket = ++latestReload.current;
      const result = await courseLessons(courseId, { fresh });
      if (ticket !== latestReload.current) return;
      if (result.ok) setData(result.data);
      else if (result.status !== 401) toast.error(LEARNING_MESSAGES.progressFailed);
      setProgressLoaded(true);
    },
    [isAuthenticated, courseId],
  );

  useEffect(() => {
    setProgressLoaded(false);
    if (token) void reload();
  }, [token, reload]);

  const enrolled = data.course.userProgress !== null;

  const enrollNow = async (): Promise<boolean> => {
    setEnrolling(true);
    setEnrollError(null);
    const result = await enroll(courseId);
    setEnrolling(false);
    if (result.ok) {
      toast.success(LEARNING_MESSAGES.courseEnrolled, { description: `You are enrolled in ${data.course.title}.`, duration: TOAST_MS.enrolled });
      forgetCourse(courseId);
      await reload(true);
      return true;
    }
    if (result.status === 409) {
      // Already enrolled (another tab): reload and carry on.
      await reload(true);
      return true;
    }
    setEnrollError(result.message);
    return false;
  };

  const complete = async (lesson: Lesson): Promise<CompleteOutcome> => {
    if (!isAuthenticated) return "signed-out";
    // Before the learner's progress has arrived, the server decides (403 when not enrolled): an
    // enrolled learner who clicks at once is never told to enrol.
    if (progressLoaded && !enrolled) return "not-enrolled";
    const result = await completeLesson(lesson._id);
    if (!result.ok) {
      if (result.status === 403) return "not-enrolled";
      if (result.status === 409) {
        await reload(true);
        return "completed";
      }
      toast.error(LEARNING_MESSAGES.completeFailed);
      return "failed";
    }
    toast.success(LEARNING_MESSAGES.lessonCompletedToast, {
      description: `Lesson "${lesson.title}" completed successfully!`,
      duration: TOAST_MS.lessonCompleted,
      position: "bottom-right",
      closeButton: true,
    });
    await reload(true);
    return result.data.completedLessons >= result.data.totalLessons ? "finished-course" : "completed";
  };

  /** Fetches every lesson's text when the data is an outline (the course page's Lesson Viewer). */
  const loadContent = useCallback(async () => {
    if (!data.omittedContent) return;
    setContentFailed(false);
    const result = await courseLessons(courseId);
    if (result.ok) setData(result.data);
    else setContentFailed(true);
  }, [courseId, data.omittedContent]);

  return {
    data,
    enrolled,
    enrolling,
    enrollError,
    progressLoaded,
    enrollNow,
    complete,
    signedIn: isAuthenticated,
    contentMissing: Boolean(data.omittedContent),
    contentFailed,
    loadContent,
  };
}
